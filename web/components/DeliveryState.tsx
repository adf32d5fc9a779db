import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OutboxDelivery, OutboxStatus } from '#domain/outbox';
import { DELIVERY_TEXT } from '#domain/quote-texts';
import { usePermissions } from '../session/usePermissions';
import { formatDateTime } from './format';

const COLORS: Record<OutboxStatus, string> = {
  pending: 'blue',
  sent: 'teal',
  failed: 'red',
  stored: 'gray',
};

type Delivery = Pick<OutboxDelivery, 'status' | 'last_error'>;

/** Pending again after an attempt that failed: it says so, rather than "queued". */
export const isRetrying = (d: Delivery) => d.status === 'pending' && d.last_error !== null;

/** A message's state as a badge (light badges: the theme keeps their text at 4.5:1). */
export function OutboxStatusBadge({ delivery }: { delivery: Delivery }) {
  const retrying = isRetrying(delivery);
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      tt="none"
      color={retrying ? 'orange' : COLORS[delivery.status]}
      // Never squeezed to an ellipsis by a narrow column.
      style={{ minWidth: 'max-content' }}
      data-testid="outbox-status"
    >
      {retrying ? DELIVERY_TEXT.retrying : DELIVERY_TEXT.status[delivery.status]}
    </Badge>
  );
}

/** What a quote's e-mail became, in words, as one line for toasts. */
export const deliveryLine = (d: Delivery) =>
  isRetrying(d) ? DELIVERY_TEXT.retryingLine : DELIVERY_TEXT.line[d.status];

/**
 * A quote's e-mail as it stands: stored (no mail server), queued, sent, or failed with its error
 * and, while it will be tried again, the next try. Admins get a link to the message itself.
 */
export function DeliveryState({ delivery }: { delivery: OutboxDelivery }) {
  const { has } = usePermissions();
  const retrying = isRetrying(delivery);
  const color = retrying ? 'orange' : COLORS[delivery.status];
  return (
    <Stack gap={2} data-testid="delivery-state" data-status={delivery.status}>
      <Group gap={8} wrap="wrap">
        <Badge size="sm" variant="light" radius="sm" tt="none" color={color}>
          {deliveryLine(delivery)}
        </Badge>
        {has('outbox.read') && (
          <Anchor component={Link} to={`/outbox/${delivery.outbox_id}`} size="xs">
            {DELIVERY_TEXT.openInOutbox}
          </Anchor>
        )}
      </Group>
      {delivery.status === 'stored' && (
        <Text size="xs" c="dimmed">
          {DELIVERY_TEXT.storedWhy}
        </Text>
      )}
      {(delivery.status === 'failed' || retrying) && delivery.last_error && (
        <Text size="xs" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }}>
          {DELIVERY_TEXT.lastError(delivery.last_error)}
        </Text>
      )}
      {retrying && delivery.next_attempt_at && (
        <Text size="xs" c="dimmed">
          {DELIVERY_TEXT.nextTry(formatDateTime(delivery.next_attempt_at))}
        </Text>
      )}
    </Stack>
  );
}
