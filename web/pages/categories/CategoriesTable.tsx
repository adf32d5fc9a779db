import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { Category } from '#domain/categories';
import type { CategoryMove } from '../../api/categories';
import { clickableRow, ownClick } from '../../components/clickableRow';
import { displayValue } from '../../components/format';
import { ListTable } from '../../components/ListTable';
import { RowActions } from '../../components/RowActions';
import { Thumbnail } from '../../components/Thumbnail';
import { usePermissions } from '../../session/usePermissions';

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

export function CategoriesTable(props: Props) {
  const { categories, loading, failed, moving, deletingId, onOpen, onMove, onEdit, onDelete } = props;
  // Reordering is an edit: a role without category.edit sees the order only.
  const mayMove = usePermissions().has('category.edit');

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
        <Table.Tr key={category.id} {...clickableRow(() => onOpen(category))}>
          <Table.Td>{category.id}</Table.Td>
          <Table.Td>
            <Thumbnail image={category.image_url} />
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
              {mayMove && (
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${category.name} up`}
                  disabled={moving}
                  onClick={ownClick(() => onMove({ category, direction: 'up' }))}
                >
                  <IconChevronUp size={16} aria-hidden />
                </ActionIcon>
              )}
              <Text size="sm" miw={24} ta="center" data-testid="sort-order">
                {category.sort_order}
              </Text>
              {mayMove && (
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${category.name} down`}
                  disabled={moving}
                  onClick={ownClick(() => onMove({ category, direction: 'down' }))}
                >
                  <IconChevronDown size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Table.Td>
          <Table.Td>
            <RowActions
              permission="category.edit"
              onOpen={() => onEdit(category)}
              onDelete={() => onDelete(category)}
              deleting={deletingId === category.id}
              busy={deletingId !== null}
            />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
