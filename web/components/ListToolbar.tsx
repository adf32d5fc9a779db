import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** Search and list controls in one row that wraps on narrow screens. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
      {children}
    </Group>
  );
}
