import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Brand } from '#domain/brands';
import { TOAST, VALIDATION } from '#domain/messages';
import { useSaveBrand } from '../../api/brands';
import { useFieldErrors } from '../../api/errors';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { type ImageChoice, ImageField, NO_IMAGE_CHOICE } from '../../components/ImageField';
import { NameSlugFields, useNameSlugDescription } from '../../components/NameSlugFields';
import { refuse } from '../../components/refuse';

/** `brand` null adds, a brand edits; it outlives `opened` so the title holds while closing. */
type Props = { brand: Brand | null; opened: boolean; onClose: () => void; onSaved: (brand: Brand) => void };

export function BrandFormModal({ brand, opened, onClose, onSaved }: Props) {
  const save = useSaveBrand(brand ? 'update' : 'create');
  return (
    <FormModal
      opened={opened}
      title={brand ? 'Edit Brand' : 'Add Brand'}
      saving={save.isPending}
      onClose={onClose}
    >
      <BrandForm brand={brand} save={save} onCancel={onClose} onSaved={onSaved} />
    </FormModal>
  );
}

type FormProps = {
  brand: Brand | null;
  save: ReturnType<typeof useSaveBrand>;
  onCancel: () => void;
  onSaved: (brand: Brand) => void;
};

function BrandForm({ brand, save, onCancel, onSaved }: FormProps) {
  const [logo, setLogo] = useState<ImageChoice>(NO_IMAGE_CHOICE);
  const [progress, setProgress] = useState<number | null>(null);
  const basics = useNameSlugDescription(brand, useFieldErrors(save.error));
  useFormDirty({ ...basics.values, logo });

  const submit = () => {
    if (!basics.trimmed.name) return refuse(VALIDATION.nameRequired);
    setProgress(logo.file ? 0 : null);
    save.mutate(
      {
        id: brand?.id ?? null,
        input: basics.trimmed,
        logo: logo.file,
        currentLogoUrl: brand?.logo_url ?? null,
        removeLogo: logo.removeExisting,
        onProgress: setProgress,
      },
      {
        onSuccess: (saved) => {
          toast.success(brand ? TOAST.brandUpdated : TOAST.brandCreated);
          onSaved(saved);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <FormWithActions onSubmit={submit} saving={save.isPending} onCancel={onCancel}>
      <NameSlugFields {...basics.props} />
      <ImageField
        label="Logo"
        messages={{ type: VALIDATION.logoType, size: VALIDATION.logoSize }}
        value={logo}
        onChange={setLogo}
        existingUrl={brand?.logo_url}
        progress={progress}
        disabled={save.isPending}
      />
    </FormWithActions>
  );
}
