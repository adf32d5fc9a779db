import { ActionIcon, Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { PRODUCT_TOAST } from '#domain/products';
import { useDeleteSection, useSaveSection } from '../../../api/products';
import { SectionView } from '../../../components/product/SectionViews';
import { refuse } from '../../../components/refuse';
import { DragHandle, type SortableItemState } from '../../../components/SortableList';
import { usePermissions } from '../../../session/usePermissions';
import { type ContentSection, SECTION_KIND_LABEL, sectionTitle } from './contentSections';
import { draftOf, draftToSave, type SectionDraft } from './drafts';
import { SectionForm } from './SectionForm';
import { SECTION_SAVED } from './sectionTexts';

type Props = {
  productId: number;
  slug: string;
  item: ContentSection;
  /** Its place in the draggable list: the card's ref and style, and its grip. */
  sortable: SortableItemState;
  /** First and last content block: the move that would fail there is disabled instead. */
  first: boolean;
  last: boolean;
  /** A move is under way somewhere; every move waits, since each one reads the current order. */
  moving: boolean;
  onMove: (direction: 'up' | 'down') => void;
};

/** One list, spec group or table of the editor: view/edit toggle, save, move and remove. */
export function ContentSectionCard({ productId, slug, item, sortable, first, last, moving, onMove }: Props) {
  const titleId = useId();
  const [draft, setDraft] = useState<SectionDraft | null>(null);
  const save = useSaveSection(slug, 'update');
  const mayEdit = usePermissions().has('product.edit');
  const remove = useDeleteSection(slug);
  const editing = draft !== null;
  const busy = save.isPending || remove.isPending;
  const title = sectionTitle(item);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const result = draftToSave(draft, item.section.id);
    if (result.error !== undefined) return refuse(result.error);
    save.mutate(
      { productId, section: result.save },
      {
        onSuccess: () => {
          toast.success(SECTION_SAVED[item.kind]);
          setDraft(null);
        },
      },
    );
  };

  const removeSection = () =>
    remove.mutate(
      { productId, kind: item.kind, id: item.section.id },
      { onSuccess: () => toast.success(PRODUCT_TOAST.sectionRemoved) },
    );

  return (
    <Card
      ref={sortable.itemRef}
      component="section"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={titleId}
      shadow={sortable.dragging ? 'md' : undefined}
      style={sortable.style}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Group gap="xs" miw={0} style={{ flex: '1 1 200px' }}>
          <DragHandle
            label={`Drag ${title}`}
            handle={{ ...sortable.handle, disabled: sortable.handle.disabled || busy }}
          />
          <Badge variant="light" color="gray">
            {SECTION_KIND_LABEL[item.kind]}
          </Badge>
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Group>
        {mayEdit && (
          <Group gap={6} wrap="nowrap">
            <Button
              variant="default"
              size="xs"
              leftSection={editing ? <IconEye size={14} aria-hidden /> : <IconPencil size={14} aria-hidden />}
              onClick={() => setDraft(editing ? null : draftOf(item))}
              disabled={busy}
              aria-pressed={editing}
            >
              {editing ? 'View' : 'Edit'}
            </Button>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={`Move ${title} up`}
              onClick={() => onMove('up')}
              disabled={first || moving || busy}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={`Move ${title} down`}
              onClick={() => onMove('down')}
              disabled={last || moving || busy}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={removeSection}
              loading={remove.isPending}
              disabled={save.isPending}
            >
              Remove
            </Button>
          </Group>
        )}
      </Group>
      {draft ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SectionForm value={draft} onChange={setDraft} disabled={busy} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={remove.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <SectionView section={item} />
      )}
    </Card>
  );
}
