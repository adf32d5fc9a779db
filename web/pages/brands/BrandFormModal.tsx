import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Brand } from '#domain/brands';
import { TOAST, VALIDATION } from '#domain/messages';
import { useSaveBrand } from '../../api/brands';
import { useFieldErrors } from '../../api/errors';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { type ImageChoice, ImageField, NO_IMAGE_CHOICE } from '../../components/ImageField';
import { NameSlugFields } from '../../components/NameSlugFields';
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
  const [name, setName] = useState(brand?.name ?? '');
  const [slug, setSlug] = useState(brand?.slug ?? '');
  const [description, setDescription] = useState(brand?.description ?? '');
  const [logo, setLogo] = useState<ImageChoice>(NO_IMAGE_CHOICE);
  const [progress, setProgress] = useState<number | null>(null);
  const fields = useFieldErrors(save.error);
  useFormDirty({ name, slug, description, logo });

  const submit = () => {
    if (!name.trim()) return refuse(VALIDATION.nameRequired);
    setProgress(logo.file ? 0 : null);
    save.mutate(
      {
        id: brand?.id ?? null,
        input: { name: name.trim(), slug: slug.trim(), description: description.trim() },
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
      <NameSlugFields
        name={name}
        slug={slug}
        description={description}
        onName={fields.track('name', setName)}
        onSlug={fields.track('slug', setSlug)}
        onDescription={fields.track('description', setDescription)}
        errors={{ name: fields.of('name'), slug: fields.of('slug'), description: fields.of('description') }}
      />
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
