import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { displayValue } from './format';

export type Detail = { label: string; value: ReactNode };

/** Read-only label/value pairs as a real definition list, so screen readers pair them. */
export function DetailList({ items }: { items: readonly Detail[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {typeof item.value === 'string' || typeof item.value === 'number' || item.value == null
              ? displayValue(item.value as string | number | null | undefined)
              : item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
