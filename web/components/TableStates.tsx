import { Skeleton, Table, Text } from '@mantine/core';

/** Placeholder rows with the table's own shape while the first page loads. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, r) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
    <Table.Tr key={r} aria-hidden>
      {Array.from({ length: columns }, (_, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <Table.Td key={c}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/**
 * The message of an empty table. On a phone the table is wider than the screen and scrolls
 * sideways, so text centred across it sat mostly off screen ("No…"); there it starts at the left.
 */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta={{ base: 'left', sm: 'center' }} py="xl">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
