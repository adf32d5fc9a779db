import { Badge } from '@mantine/core';
import type { PriceList } from '#domain/price-lists';
import { listState, STATE_LABELS } from './texts';

/** Live, Scheduled, Expired or Off: whether the list gives its prices now. */
export function ListStateBadge({ list }: { list: Pick<PriceList, 'active' | 'starts_at' | 'ends_at'> }) {
  const state = STATE_LABELS[listState(list)];
  return (
    <Badge variant="light" color={state.color} size="sm" mt={4} data-testid="price-list-state">
      {state.label}
    </Badge>
  );
}
