import { ActionIcon, AspectRatio, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import type { ProductImage } from '#domain/products';
import { GALLERY_TEXT } from '#domain/products';
import { StoredImage } from '../../components/product/StoredImage';
import { DragHandle, type SortableItemState } from '../../components/SortableList';

type Props = {
  image: ProductImage;
  productName: string;
  total: number;
  sortable: SortableItemState;
  /** Something is being written: every control waits. */
  busy: boolean;
  deleting: boolean;
  onMove: (to: number) => void;
  onEditAlt: () => void;
  onDelete: () => void;
  /** Without product.edit: the picture and its alt text only, no controls. */
  readOnly?: boolean;
};

/**
 * One image of the gallery: dragged by its grip, or moved with buttons named after it; the first
 * is the primary image. Its alt text shows beneath it.
 */
export function GalleryTile({
  image,
  productName,
  total,
  sortable,
  busy,
  deleting,
  onMove,
  onEditAlt,
  onDelete,
  readOnly = false,
}: Props) {
  const { index } = sortable;
  const n = index + 1;
  const disabled = busy || sortable.handle.disabled;
  return (
    <Paper
      ref={sortable.itemRef}
      component="li"
      withBorder
      radius="sm"
      shadow={sortable.dragging ? 'md' : undefined}
      style={{ ...sortable.style, listStyle: 'none', overflow: 'hidden' }}
    >
      <Box pos="relative">
        <AspectRatio ratio={1} bg="var(--app-color-frame)">
          <StoredImage
            url={image.url}
            thumb
            alt={image.alt || `${productName}, image ${n}`}
            fit="contain"
            loading="lazy"
          />
        </AspectRatio>
        {index === 0 && (
          <Badge pos="absolute" left={6} bottom={6} size="sm" variant="filled">
            {GALLERY_TEXT.primary}
          </Badge>
        )}
      </Box>
      {/* On the picture: readable whatever its colours. */}
      {!readOnly && (
        <Group pos="absolute" top={6} left={6} right={6} justify="space-between" wrap="nowrap">
          <DragHandle label={`Drag image ${n}`} handle={{ ...sortable.handle, disabled }} size="md" />
          <ActionIcon
            color="red"
            variant="white"
            bd="1px solid var(--mantine-color-gray-3)"
            aria-label={`Delete image ${n}`}
            loading={deleting}
            disabled={busy}
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      <Stack gap={6} p={6}>
        {!readOnly && (
          <Group gap={4} justify="space-between" wrap="nowrap">
            {index > 0 ? (
              <ActionIcon
                variant="default"
                aria-label={`Make image ${n} primary`}
                disabled={disabled}
                onClick={() => onMove(0)}
              >
                <IconStar size={16} aria-hidden />
              </ActionIcon>
            ) : (
              <span />
            )}
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                aria-label={`Move image ${n} left`}
                disabled={disabled || index === 0}
                onClick={() => onMove(index - 1)}
              >
                <IconArrowLeft size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={`Move image ${n} right`}
                disabled={disabled || index === total - 1}
                onClick={() => onMove(index + 1)}
              >
                <IconArrowRight size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={`Edit alt text of image ${n}`}
                disabled={busy}
                onClick={onEditAlt}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        )}
        <Text
          size="xs"
          c="dimmed"
          lineClamp={2}
          title={image.alt ?? undefined}
          // The picture's alt says the same to a screen reader; reading it twice is noise.
          aria-hidden
          style={{ overflowWrap: 'anywhere' }}
        >
          {image.alt || '—'}
        </Text>
      </Stack>
    </Paper>
  );
}
