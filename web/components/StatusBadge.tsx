import { Badge } from '@mantine/core';
import { DESK_TEXT, type InquiryStatus } from '#domain/inquiries';
import { ORDER_TEXT, type OrderStatus } from '#domain/orders';
import { QUOTE_STATUS_TEXT } from '#domain/quote-texts';
import type { QuoteStatus } from '#domain/quotes';
import { WEBHOOK_SCREEN_TEXT } from '#domain/webhook-screen';
import type { WebhookDeliveryStatus } from '#domain/webhooks';

const INQUIRY_COLORS: Record<InquiryStatus, string> = {
  new: 'blue',
  open: 'indigo',
  quoted: 'violet',
  accepted: 'teal',
  declined: 'orange',
  closed: 'gray',
};

const QUOTE_COLORS: Record<QuoteStatus, string> = {
  draft: 'gray',
  sent: 'violet',
  accepted: 'teal',
  declined: 'orange',
  changes_requested: 'yellow',
  superseded: 'gray',
  expired: 'red',
};

/** A request's place on the desk (light badges: the theme keeps their text at 4.5:1). */
export function StatusBadge({ status }: { status: InquiryStatus }) {
  const color = INQUIRY_COLORS[status];
  return (
    <Badge size="sm" variant="light" radius="sm" tt="none" color={color} data-testid="status-badge">
      {DESK_TEXT.status[status]}
    </Badge>
  );
}

/**
 * A quote's state as staff should read it: a sent quote past its day is shown expired before the
 * scheduled job has written that status (answers are refused from the instant either way).
 */
export function QuoteStatusBadge({ status, expired = false }: { status: QuoteStatus; expired?: boolean }) {
  const shown: QuoteStatus = expired && status === 'sent' ? 'expired' : status;
  const color = QUOTE_COLORS[shown];
  return (
    <Badge size="sm" variant="light" radius="sm" tt="none" color={color}>
      {QUOTE_STATUS_TEXT[shown]}
    </Badge>
  );
}

const ORDER_COLORS: Record<OrderStatus, string> = {
  confirmed: 'blue',
  in_progress: 'violet',
  shipped: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

/** An order's status. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      tt="none"
      color={ORDER_COLORS[status]}
      data-testid="order-status-badge"
    >
      {ORDER_TEXT.status[status]}
    </Badge>
  );
}

const DELIVERY_COLORS: Record<WebhookDeliveryStatus, string> = {
  pending: 'blue',
  delivered: 'teal',
  failed: 'red',
};

/** A webhook delivery's state; pending again after a failed attempt reads "Retrying". */
export function WebhookDeliveryBadge({
  status,
  retrying = false,
}: {
  status: WebhookDeliveryStatus;
  retrying?: boolean;
}) {
  return (
    <Badge
      size="sm"
      variant="light"
      radius="sm"
      tt="none"
      color={retrying ? 'orange' : DELIVERY_COLORS[status]}
      style={{ minWidth: 'max-content' }}
      data-testid="delivery-status"
    >
      {retrying ? WEBHOOK_SCREEN_TEXT.retrying : WEBHOOK_SCREEN_TEXT.status[status]}
    </Badge>
  );
}
