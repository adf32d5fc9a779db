import { Table, Text } from '@mantine/core';
import type { Brand } from '#domain/brands';
import { ListTable } from '../../components/ListTable';
import { RowActions } from '../../components/RowActions';
import { Thumbnail } from '../../components/Thumbnail';

const COLUMNS = ['ID', 'Logo', 'Name', 'Slug', 'Actions'];

type Props = {
  brands: readonly Brand[] | undefined;
  loading: boolean;
  failed: boolean;
  deletingId: number | null;
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
};

export function BrandsTable({ brands, loading, failed, deletingId, onEdit, onDelete }: Props) {
  return (
    <ListTable
      label="Brands"
      columns={COLUMNS}
      minWidth={600}
      items={brands}
      loading={loading}
      failed={failed}
      failedText="Brands could not be loaded."
      emptyText="No brands found."
      renderRow={(brand) => (
        <Table.Tr key={brand.id}>
          <Table.Td>{brand.id}</Table.Td>
          <Table.Td>
            <Thumbnail image={brand.logo_url} />
          </Table.Td>
          <Table.Th scope="row" fw={500}>
            {brand.name}
          </Table.Th>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {brand.slug}
            </Text>
          </Table.Td>
          <Table.Td>
            <RowActions
              permission="brand.edit"
              onOpen={() => onEdit(brand)}
              onDelete={() => onDelete(brand)}
              deleting={deletingId === brand.id}
              busy={deletingId !== null}
            />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
