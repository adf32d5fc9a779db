import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { IMAGE_ALT_MAX_LENGTH } from '#domain/images';
import { GALLERY_TEXT, imageAltBody, type ProductImage } from '#domain/products';
import { useSetImageAlt } from '../../api/products';

type Props = {
  productId: number;
  slug: string;
  /** The image being described and its place in the gallery (1-based), or null when closed. */
  editing: { image: ProductImage; n: number } | null;
  onClose: () => void;
};

/** Edits one gallery image's alt text, checked by the API's own schema before it is sent. */
export function ImageAltModal({ productId, slug, editing, onClose }: Props) {
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSetImageAlt(slug);

  useEffect(() => {
    setAlt(editing?.image.alt ?? '');
    setError(null);
  }, [editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const parsed = imageAltBody.safeParse({ alt });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    save.mutate(
      { productId, imageId: editing.image.id, alt: parsed.data.alt },
      {
        onSuccess: () => {
          toast.success(GALLERY_TEXT.altSaved);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={editing !== null}
      onClose={() => !save.isPending && onClose()}
      title={editing ? `Alt text for image ${editing.n}` : ''}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={GALLERY_TEXT.altLabel}
            description={`${GALLERY_TEXT.altDescription} Up to ${IMAGE_ALT_MAX_LENGTH} characters.`}
            value={alt}
            onChange={(e) => {
              setAlt(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            data-autofocus
            disabled={save.isPending}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
