import { List, Stack, Table, Text } from '@mantine/core';
import { type ContentSection, parseTable } from '#domain/product-content';
import type { ProductList, ProductTable, SpecGroup } from '#domain/sections';

/** Read-only content of a section: the editor's view mode and the preview show the same thing. */
export function SectionView({ section }: { section: ContentSection }) {
  switch (section.kind) {
    case 'list':
      return <ListView list={section.section} />;
    case 'spec_group':
      return <SpecView group={section.section} />;
    case 'table':
      return <TableView table={section.section} />;
  }
}

function Intro({ text }: { text: string | null }) {
  return text ? (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
      {text}
    </Text>
  ) : null;
}

function ListView({ list }: { list: ProductList }) {
  return (
    <Stack gap="xs">
      <Intro text={list.description} />
      <List spacing={4} size="sm">
        {list.items.map((item) => (
          <List.Item key={item.id}>{item.caption}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function SpecView({ group }: { group: SpecGroup }) {
  return (
    <Stack gap="xs">
      <Intro text={group.intro} />
      <Table.ScrollContainer minWidth={280}>
        <Table striped withTableBorder verticalSpacing={6} aria-label={group.name}>
          <Table.Tbody>
            {group.specs.map((spec) => (
              <Table.Tr key={spec.id}>
                <Table.Th scope="row" w="40%" fw={500}>
                  {spec.label}
                </Table.Th>
                <Table.Td>{spec.unit ? `${spec.value} ${spec.unit}` : spec.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function TableView({ table }: { table: ProductTable }) {
  const { columns, rows } = parseTable(table);
  return (
    <Stack gap="xs">
      <Intro text={table.intro} />
      <Table.ScrollContainer minWidth={Math.max(240, columns.length * 90)}>
        <Table striped withTableBorder withColumnBorders verticalSpacing={6} aria-label={table.heading}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: column names may repeat; the order is fixed
                <Table.Th key={i}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids; the order is fixed
              <Table.Tr key={r}>
                {columns.map((_, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column, in column order
                  <Table.Td key={c}>{row[c] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {table.note && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {table.note}
        </Text>
      )}
    </Stack>
  );
}
