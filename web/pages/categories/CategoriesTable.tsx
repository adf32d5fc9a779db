import { ActionIcon, Button, Group, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { Category } from '../../../domain/categories';
import type { CategoryMove } from '../../api/categories';
import { displayValue } from '../../components/format';
import { ListTable } from '../../components/ListTable';
import { Thumbnail } from '../../components/Thumbnail';

const COLUMNS = ['ID', 'Img', 'Name', 'Slug', 'Parent', 'Depth', 'Sort', 'Actions'];

type Props = {
  categories: readonly Category[] | undefined;
  loading: boolean;
  failed: boolean;
  /** A move is under way; every move button waits, since each one reads the current values. */
  moving: boolean;
  deletingId: number | null;
  onOpen: (category: Category) => void;
  onMove: (move: CategoryMove) => void;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
};

/** Buttons inside a clickable row do their own thing, not the row's. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

export function CategoriesTable(props: Props) {
  const { categories, loading, failed, moving, deletingId, onOpen, onMove, onEdit, onDelete } = props;

  const openWithKey = (category: Category) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Enter on a button inside the row belongs to that button.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(category);
    }
  };

  return (
    <ListTable
      label="Categories"
      columns={COLUMNS}
      minWidth={860}
      items={categories}
      loading={loading}
      failed={failed}
      failedText="Categories could not be loaded."
      emptyText="No categories found."
      renderRow={(category) => (
        <Table.Tr
          key={category.id}
          tabIndex={0}
          onClick={() => onOpen(category)}
          onKeyDown={openWithKey(category)}
          style={{ cursor: 'pointer' }}
        >
          <Table.Td>{category.id}</Table.Td>
          <Table.Td>
            <Thumbnail url={category.image_url} />
          </Table.Td>
          <Table.Th scope="row" fw={500}>
            {category.name}
          </Table.Th>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {category.slug}
            </Text>
          </Table.Td>
          <Table.Td>{displayValue(category.parent_name)}</Table.Td>
          <Table.Td>{category.depth}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label="Move up"
                disabled={moving}
                onClick={only(() => onMove({ category, direction: 'up' }))}
              >
                <IconChevronUp size={16} aria-hidden />
              </ActionIcon>
              <Text size="sm" miw={24} ta="center" data-testid="sort-order">
                {category.sort_order}
              </Text>
              <ActionIcon
                variant="subtle"
                aria-label="Move down"
                disabled={moving}
                onClick={only(() => onMove({ category, direction: 'down' }))}
              >
                <IconChevronDown size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={only(() => onEdit(category))}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={deletingId === category.id}
                disabled={deletingId !== null}
                onClick={only(() => onDelete(category))}
              >
                Delete
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
