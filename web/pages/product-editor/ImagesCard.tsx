import '@mantine/dropzone/styles.css';
import { Alert, Button, Card, FileInput, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhotoPlus, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import {
  checkImageFile,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIZE_TEXT,
  IMAGE_MIME_TYPES,
} from '#domain/images';
import { VALIDATION } from '#domain/messages';
import type { ProductImage, RefusedFile } from '#domain/products';
import { GALLERY_TEXT, PRODUCT_CONFIRM, PRODUCT_TOAST } from '#domain/products';
import { useDeleteImage, useReorderImages, useUploadImages } from '../../api/products';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { refuse } from '../../components/refuse';
import { SortableList, type SortableMove } from '../../components/SortableList';
import { UploadProgress } from '../../components/UploadProgress';
import { usePermissions } from '../../session/usePermissions';
import { GalleryTile } from './GalleryTile';
import { ImageAltModal } from './ImageAltModal';

const IMAGE_MESSAGES = { type: VALIDATION.imageType, size: VALIDATION.imageSize };

type Props = { productId: number; productName: string; slug: string; images: ProductImage[] };

/**
 * The gallery: pick or drop several files and upload them with progress;
 * arrange the images by dragging or with buttons (the first is the primary one), describe each
 * with alt text, delete one after confirming.
 */
export function ImagesCard({ productId, productName, slug, images }: Props) {
  const titleId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [status, setStatus] = useState('');
  const [editingAlt, setEditingAlt] = useState<{ image: ProductImage; n: number } | null>(null);
  const [deleting, setDeleting] = useState<ProductImage | null>(null);
  const upload = useUploadImages(slug);
  const reorder = useReorderImages(slug);
  const remove = useDeleteImage(slug);
  const mayEdit = usePermissions().has('product.edit');
  const busy = upload.isPending || remove.isPending || reorder.isPending;

  const choose = (picked: File[]) => {
    // Checked here first; the server decodes the bytes and decides for real.
    const checked = picked.map((file) => ({ file, problem: checkImageFile(file, IMAGE_MESSAGES) }));
    const problem = checked.find((c) => c.problem)?.problem;
    if (problem) refuse(problem);
    setFiles(checked.filter((c) => !c.problem).map((c) => c.file));
  };

  const send = (chosen: File[]) => {
    if (chosen.length === 0) return;
    setProgress(0);
    setRefused([]);
    upload.mutate(
      { productId, files: chosen, onProgress: setProgress },
      {
        onSuccess: (result) => {
          if (result.added.length > 0) toast.success(PRODUCT_TOAST.imagesUploaded);
          setRefused(result.refused);
          setFiles([]);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  // Files the drop zone turned down by type or size, named, as the server would name them.
  const rejectDropped = (rejections: FileRejection[]) =>
    setRefused(
      rejections.map(({ file }) => ({
        file: file.name,
        error: checkImageFile(file, IMAGE_MESSAGES) ?? VALIDATION.imageType,
      })),
    );

  // Announced once the server has the order: a drag's own steps are announced as it goes.
  const save = (ids: number[], announce: string) =>
    reorder.mutate({ productId, ids }, { onSuccess: () => setStatus(announce) });
  const dragged = ({ ids, from, to }: SortableMove) =>
    save(ids, GALLERY_TEXT.moved(from + 1, to + 1, ids.length));
  const moveTo = (from: number, to: number) => {
    const ids = images.map((image) => image.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    save(
      ids,
      to === 0 ? GALLERY_TEXT.madePrimary(from + 1) : GALLERY_TEXT.moved(from + 1, to + 1, ids.length),
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate({ productId, imageId: deleting.id }, { onSuccess: () => setDeleting(null) });
  };

  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="md">
        Images
      </Title>
      <Stack gap="md">
        {images.length === 0 ? (
          <Text size="sm" c="dimmed">
            No images yet.
          </Text>
        ) : (
          <SortableList
            items={images}
            idOf={(image) => image.id}
            nameOf={(image) => GALLERY_TEXT.imageName(images.indexOf(image) + 1)}
            layout="grid"
            disabled={busy}
            status={status}
            onMove={dragged}
            list={(children) => (
              <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 6 }} spacing="sm" component="ul" p={0} m={0}>
                {children}
              </SimpleGrid>
            )}
          >
            {(image, sortable) => (
              <GalleryTile
                key={image.id}
                image={image}
                productName={productName}
                total={images.length}
                sortable={sortable}
                busy={busy}
                deleting={remove.isPending && remove.variables?.imageId === image.id}
                onMove={(to) => moveTo(sortable.index, to)}
                onEditAlt={() => setEditingAlt({ image, n: sortable.index + 1 })}
                onDelete={() => setDeleting(image)}
                readOnly={!mayEdit}
              />
            )}
          </SortableList>
        )}
        {mayEdit && (
          <>
            <Dropzone
              onDrop={send}
              onReject={rejectDropped}
              accept={[...IMAGE_MIME_TYPES]}
              maxSize={IMAGE_MAX_BYTES}
              multiple
              loading={upload.isPending}
              disabled={upload.isPending}
              // The file field below is the way to choose by click or keyboard; this is for dropping.
              activateOnClick={false}
              activateOnKeyboard={false}
              // Its own file input is for drops only: the field is the one people and screen readers use.
              inputProps={{ 'aria-hidden': true }}
              p="md"
              radius="md"
              aria-label="Drop images to upload"
            >
              <Group justify="center" gap="sm" mih={48} style={{ pointerEvents: 'none' }}>
                <IconUpload size={20} aria-hidden />
                <Dropzone.Accept>
                  <Text size="sm">{GALLERY_TEXT.dropActive}</Text>
                </Dropzone.Accept>
                <Dropzone.Idle>
                  <Text size="sm" c="dimmed">
                    {GALLERY_TEXT.dropHint}
                  </Text>
                </Dropzone.Idle>
              </Group>
            </Dropzone>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <FileInput
                multiple
                label="Add images"
                description={`PNG, JPEG or WEBP, up to ${IMAGE_MAX_SIZE_TEXT} each`}
                placeholder="Choose images"
                accept={IMAGE_ACCEPT}
                leftSection={<IconPhotoPlus size={16} aria-hidden />}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear chosen images' }}
                value={files}
                onChange={choose}
                disabled={upload.isPending}
                style={{ flex: '1 1 240px' }}
              />
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => send(files)}
                loading={upload.isPending}
                disabled={files.length === 0}
              >
                Upload
              </Button>
            </Group>
          </>
        )}
        {progress !== null && <UploadProgress percent={progress} />}
        {refused.length > 0 && (
          <Alert
            color="red"
            variant="light"
            title={GALLERY_TEXT.refusedTitle}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setRefused([])}
            role="alert"
          >
            <List size="sm" spacing={2}>
              {refused.map((r, i) => (
                // The same name may come twice (two folders' "photo.jpg").
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
                <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                  {r.file}: {r.error}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
      <ImageAltModal
        productId={productId}
        slug={slug}
        editing={editingAlt}
        onClose={() => setEditingAlt(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={PRODUCT_CONFIRM.deleteImageTitle}
        message={PRODUCT_CONFIRM.deleteImageText}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
