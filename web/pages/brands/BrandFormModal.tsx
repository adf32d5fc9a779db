import { Modal, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import type { Brand } from '../../../domain/brands';
import { TEXT_LIMITS } from '../../../domain/constants';
import { TOAST, VALIDATION } from '../../../domain/messages';
import { useSaveBrand } from '../../api/brands';
import { FormActions } from '../../components/FormActions';
import { type ImageChoice, ImageField, NO_IMAGE_CHOICE } from '../../components/ImageField';
import { NameSlugFields } from '../../components/NameSlugFields';

/** `brand` null adds, a brand edits; it outlives `opened` so the title holds while closing. */
type Props = { brand: Brand | null; opened: boolean; onClose: () => void; onSaved: (brand: Brand) => void };

export function BrandFormModal({ brand, opened, onClose, onSaved }: Props) {
  const save = useSaveBrand(brand ? 'update' : 'create');
  const close = () => {
    if (!save.isPending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={brand ? 'Edit Brand' : 'Add Brand'} centered size="lg">
      {/* Mounted per opening (Mantine drops closed content), so every opening starts fresh. */}
      <BrandForm brand={brand} save={save} onCancel={close} onSaved={onSaved} />
    </Modal>
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      toast.error(VALIDATION.nameRequired, { id: VALIDATION.nameRequired });
      return;
    }
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
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <NameSlugFields name={name} slug={slug} onName={setName} onSlug={setSlug} />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          value={description}
          maxLength={TEXT_LIMITS.description}
          onChange={(e) => setDescription(e.currentTarget.value)}
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
        <FormActions saving={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
