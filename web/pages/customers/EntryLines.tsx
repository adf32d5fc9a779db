import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPrice } from '../../api/currency';
import { formatDateTime } from '../../components/format';
import { CUSTOMER_SCREEN as T } from './texts';

/** A customer's or a company's entry opens with the name, and when they last asked. */
export function EntryHead({ name, lastRequestAt }: { name: string; lastRequestAt: string | null }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
      <Text fw={600} size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {lastRequestAt ? <time dateTime={lastRequestAt}>{formatDateTime(lastRequestAt)}</time> : T.never}
      </Text>
    </Group>
  );
}

/** And closes with their counts, and the value of what they accepted at the right. */
export function EntryFigures({ counts, acceptedValue }: { counts: ReactNode; acceptedValue: number }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" mt={2}>
      <Text size="xs" c="dimmed">
        {counts}
      </Text>
      <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
        {formatPrice(acceptedValue)}
      </Text>
    </Group>
  );
}
