import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Brand } from '#domain/brands';
import { TEXT_LIMITS } from '#domain/constants';
import { TOAST, VALIDATION } from '#domain/messages';
import { useSaveBrand } from '../../api/brands';
import { useFieldErrors } from '../../api/errors';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { type ImageChoice, ImageField, NO_IMAGE_CHOICE } from '../../components/ImageField';
import { NameSlugFields, useNameSlugDescription } from '../../components/NameSlugFields';
import { refuse } from '../../components/refuse';
import { LocaleTabs } from '../../components/translations/LocaleTabs';
import { useTranslationDrafts } from '../../components/translations/useTranslationDrafts';

/** `brand` null adds, a brand edits; it outlives `opened` so the title holds while closing. */
type Props = { brand: Brand | null; opened: boolean; onClose: () => void; onSaved: (brand: Brand) => void };

export function BrandFormModal({ brand, opened, onClose, onSaved }: Props) {
  const save = useSaveBrand(brand ? 'update' : 'create');
  const [translating, setTranslating] = useState(false);
  return (
    <FormModal
      opened={opened}
      title={brand ? 'Edit Brand' : 'Add Brand'}
      saving={save.isPending || translating}
      onClose={onClose}
    >
      <BrandForm
        brand={brand}
        save={save}
        onCancel={onClose}
        onSaved={onSaved}
        onTranslating={setTranslating}
      />
    </FormModal>
  );
}

type FormProps = {
  brand: Brand | null;
  save: ReturnType<typeof useSaveBrand>;
  onCancel: () => void;
  onSaved: (brand: Brand) => void;
  onTranslating: (saving: boolean) => void;
};

/** A brand's name is a name, the same in every language: only its description is translated. */
const TRANSLATED = ['description'] as const;

function BrandForm({ brand, save, onCancel, onSaved, onTranslating }: FormProps) {
  const [logo, setLogo] = useState<ImageChoice>(NO_IMAGE_CHOICE);
  const [progress, setProgress] = useState<number | null>(null);
  const basics = useNameSlugDescription(brand, useFieldErrors(save.error));
  const translations = useTranslationDrafts('brands', brand?.id ?? null, TRANSLATED);
  useFormDirty({ ...basics.values, logo, translations: translations.edits });

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
        onSuccess: async (saved) => {
          onTranslating(true);
          try {
            await translations.save(saved.id);
          } catch {
            // The save's toast has said what failed; the form stays open to try again.
            return;
          } finally {
            onTranslating(false);
          }
          toast.success(brand ? TOAST.brandUpdated : TOAST.brandCreated);
          onSaved(saved);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <FormWithActions onSubmit={submit} saving={save.isPending || translations.saving} onCancel={onCancel}>
      <NameSlugFields
        {...basics.props}
        translate={{
          description: (input) => (
            <LocaleTabs
              drafts={translations}
              field="description"
              label="Description"
              defaultText={basics.values.description}
              maxLength={TEXT_LIMITS.description}
              multiline
            >
              {input}
            </LocaleTabs>
          ),
        }}
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
