import {
  ActionIcon,
  AspectRatio,
  Button,
  Card,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPhotoPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { checkImageFile, IMAGE_ACCEPT, IMAGE_MAX_SIZE_TEXT } from '#domain/images';
import { VALIDATION } from '#domain/messages';
import type { ProductImage } from '#domain/products';
import { PRODUCT_TOAST } from '#domain/products';
import { useDeleteImage, useUploadImages } from '../../api/products';
import { refuse } from '../../components/refuse';
import { UploadProgress } from '../../components/UploadProgress';
import { StoredImage } from '../products/StoredImage';

const IMAGE_MESSAGES = { type: VALIDATION.imageType, size: VALIDATION.imageSize };

type Props = { productId: number; productName: string; slug: string; images: ProductImage[] };

/** The gallery (SPEC.md §2 Images card): pick several files, upload them with progress, delete one. */
export function ImagesCard({ productId, productName, slug, images }: Props) {
  const titleId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadImages(slug);
  const remove = useDeleteImage(slug);

  const choose = (picked: File[]) => {
    // Checked here first; the server decodes the bytes and decides for real.
    const checked = picked.map((file) => ({ file, problem: checkImageFile(file, IMAGE_MESSAGES) }));
    const problem = checked.find((c) => c.problem)?.problem;
    if (problem) refuse(problem);
    // The acceptable ones stay chosen; the server refuses a whole batch if one file is bad.
    setFiles(checked.filter((c) => !c.problem).map((c) => c.file));
  };

  const send = () => {
    if (files.length === 0) return;
    setProgress(0);
    upload.mutate(
      { productId, files, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(PRODUCT_TOAST.imagesUploaded);
          setFiles([]);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const deletingId = remove.isPending ? remove.variables?.imageId : undefined;

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
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 6 }} spacing="sm" component="ul" p={0} m={0}>
            {images.map((image, i) => (
              <Paper
                key={image.id}
                component="li"
                withBorder
                radius="sm"
                pos="relative"
                style={{ listStyle: 'none', overflow: 'hidden' }}
              >
                <AspectRatio ratio={1} bg="gray.0">
                  <StoredImage
                    url={image.url}
                    thumb
                    alt={image.alt || `${productName}, image ${i + 1}`}
                    fit="contain"
                    loading="lazy"
                  />
                </AspectRatio>
                <ActionIcon
                  pos="absolute"
                  top={6}
                  right={6}
                  color="red"
                  // White behind the icon: readable on any picture, whatever its colours.
                  variant="white"
                  bd="1px solid var(--mantine-color-gray-3)"
                  aria-label={`Delete image ${i + 1}`}
                  loading={deletingId === image.id}
                  disabled={remove.isPending || upload.isPending}
                  onClick={() => remove.mutate({ productId, imageId: image.id })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Paper>
            ))}
          </SimpleGrid>
        )}
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
            onClick={send}
            loading={upload.isPending}
            disabled={files.length === 0}
          >
            Upload
          </Button>
        </Group>
        {progress !== null && <UploadProgress percent={progress} />}
      </Stack>
    </Card>
  );
}
