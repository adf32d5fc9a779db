import { z } from 'zod';
import { MAX_ID, ORDER_LIMITS, SORT_ORDERS } from './constants';
import { calendarDay, oneLine, optionalAddress, optionalText, requiredText } from './fields';
import { VALIDATION } from './messages';
import { staffNoteSchema, staffRef, tokenRef } from './notes';
import { listMeta, listQuery } from './paging';
import { ORDER_STATUS_TEXT } from './quote-texts';

/**
 * An order: what an accepted quote becomes, in the acceptance's own transaction. It keeps the
 * accepted version's lines and totals as they were, the customer, and what they entered when
 * accepting (PO number, billing and delivery addresses), so it reads the same whatever later
 * happens to the quote, its request or the catalogue.
 */
export const ORDER_STATUSES = ['confirmed', 'in_progress', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Every move an order can make: forward only, or to cancelled (with a reason) before it is
 * completed. Any other move is a 409.
 */
const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  confirmed: ['in_progress', 'shipped', 'completed', 'cancelled'],
  in_progress: ['shipped', 'completed', 'cancelled'],
  shipped: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};
export const orderMoves = (from: OrderStatus): readonly OrderStatus[] => ORDER_MOVES[from];
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_MOVES[from].includes(to);

/** The moves that e-mail the customer (through the outbox): the screen asks before making one. */
export const orderMoveEmails = (to: OrderStatus) => to === 'shipped';

const ORDER_FLOW: readonly OrderStatus[] = ['confirmed', 'in_progress', 'shipped', 'completed'];

/**
 * Where a step back (order.manage) takes an order: the status before its own in the flow, or a
 * cancelled order the status it was cancelled from (its history's last cancellation). Null when
 * there is none (a confirmed order). A step back sends no e-mail.
 */
export function stepBackTarget(
  status: OrderStatus,
  history: readonly { from: OrderStatus | null; to: OrderStatus }[],
): OrderStatus | null {
  if (status === 'cancelled') return history.findLast((e) => e.to === 'cancelled')?.from ?? null;
  const at = ORDER_FLOW.indexOf(status);
  return at > 0 ? ORDER_FLOW[at - 1] : null;
}

export { ORDER_LIMITS };

/** The fields of the acceptance form that settings can make required. */
export const ACCEPT_FIELDS = ['po_number', 'billing_address', 'shipping_address'] as const;
export type AcceptField = (typeof ACCEPT_FIELDS)[number];

export const ORDER_TEXT = {
  notFound: 'Order not found',
  statusInvalid: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
  cancelReasonRequired: 'Say why the order is cancelled',
  moveForbidden: (from: string, to: string) => `An order cannot go from ${from} to ${to}`,
  stepBackReasonRequired: 'Say why the order goes back a step',
  stepBackNone: (status: string) => `An order that is ${status} has no step to go back to`,
  steppedBack: 'Order taken one step back',
  fieldRequired: {
    po_number: 'Enter your purchase-order number',
    billing_address: 'Enter the billing address',
    shipping_address: 'Enter the delivery address',
  } satisfies Record<AcceptField, string>,
  status: ORDER_STATUS_TEXT satisfies Record<OrderStatus, string>,
  loadFailed: 'Failed to load orders',
  moveFailed: 'Failed to change the order',
  moved: 'Order updated',
  settingsTitle: 'Acceptance form',
  settingsHint: 'What the customer must fill in when accepting a quote, beside their name.',
  settingsSaved: 'Acceptance form saved',
  settingsFailed: 'Failed to save the acceptance form',
  fieldLabel: {
    po_number: 'Purchase-order number',
    billing_address: 'Billing address',
    shipping_address: 'Delivery address',
  } satisfies Record<AcceptField, string>,
} as const;

/** The order number customers and staff quote: SO- and the sequence's number, six digits at least. */
export const orderNumber = (n: number) => `SO-${String(n).padStart(6, '0')}`;

/** The order a search names by its number, as people type it (`SO-000123`, `so 123`); else null. */
export function parseOrderNumber(text: string): number | null {
  const match = /^so[\s-]*0*(\d{1,10})$/i.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= MAX_ID ? n : null;
}

const address = (field: string) => optionalAddress(field, ORDER_LIMITS.address);

/**
 * What the customer enters beside their signature. Every field is optional here: which are
 * required is a setting, checked by the server against it (older clients send only the name).
 */
export const acceptOrderFields = {
  po_number: oneLine(
    z
      .string({ error: 'PO number must be text' })
      .trim()
      .max(ORDER_LIMITS.poNumber, { error: VALIDATION.tooLong('PO number', ORDER_LIMITS.poNumber) }),
    'PO number',
  )
    .nullish()
    .transform((v) => (v ? v : null)),
  billing_address: address('Billing address'),
  shipping_address: address('Delivery address'),
};
export type AcceptOrderInput = { [K in AcceptField]: string | null };

/** The acceptance's fields missing that settings require, with their messages. */
export const missingAcceptFields = (input: AcceptOrderInput, required: readonly AcceptField[]) =>
  required.filter((f) => !input[f]);

/** GET and PUT /api/orders/settings: which acceptance fields the customer must fill. */
export const orderSettingsSchema = z.object({ required_fields: z.array(z.enum(ACCEPT_FIELDS)) });
export type OrderSettings = z.infer<typeof orderSettingsSchema>;
export const orderSettingsBody = z.strictObject({
  required_fields: z
    .array(z.enum(ACCEPT_FIELDS, { error: `Each field must be one of: ${ACCEPT_FIELDS.join(', ')}` }), {
      error: 'required_fields must be a list',
    })
    .max(ACCEPT_FIELDS.length)
    // Each once, in the form's order, whatever order they came in.
    .transform((fields) => ACCEPT_FIELDS.filter((f) => fields.includes(f))),
});

/** PATCH /api/orders/{id}. */
export const patchOrderBody = z
  .strictObject({
    status: z.enum(ORDER_STATUSES, { error: ORDER_TEXT.statusInvalid }),
    cancel_reason: optionalText('Cancel reason', ORDER_LIMITS.cancelReason),
  })
  .refine((v) => v.status !== 'cancelled' || !!v.cancel_reason, {
    error: ORDER_TEXT.cancelReasonRequired,
    path: ['cancel_reason'],
  });
export type PatchOrderBody = z.input<typeof patchOrderBody>;

/** POST /api/orders/{id}/step-back. */
export const stepBackOrderBody = z.strictObject({
  reason: requiredText(ORDER_TEXT.stepBackReasonRequired, 'Reason', ORDER_LIMITS.stepBackReason),
});
export type StepBackOrderBody = z.input<typeof stepBackOrderBody>;

export const ORDER_SORT_KEYS = ['created_at', 'number', 'total'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];
export const ORDER_PAGING = { options: [10, 15, 25, 50], defaultLimit: 15 } as const;

/**
 * The orders list: search, status, owner ('me', 'nobody' or a user id) and days (inclusive,
 * calendar days in the seller's TIMEZONE).
 * The direction is `sortOrder` (the other lists' `order` is taken too; sortOrder wins).
 */
export const orderListQuery = listQuery({
  sortKeys: ORDER_SORT_KEYS,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  defaultLimit: ORDER_PAGING.defaultLimit,
  extra: {
    status: z.enum(ORDER_STATUSES, { error: ORDER_TEXT.statusInvalid }).optional(),
    owner: z
      .string()
      .regex(/^(me|nobody|[1-9]\d{0,9})$/, { error: "owner must be 'me', 'nobody' or a user id" })
      .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_ID, {
        error: "owner must be 'me', 'nobody' or a user id",
      })
      .optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    sortOrder: z.enum(SORT_ORDERS, { error: 'sortOrder must be asc or desc' }).optional(),
  },
}).transform(({ filters: { sortOrder, ...filters }, ...params }) => ({
  ...params,
  filters,
  order: (sortOrder as (typeof SORT_ORDERS)[number] | undefined) ?? params.order,
}));

const orderLineSchema = z.object({
  product_id: z.number().nullable(),
  sku: z.string().nullable(),
  /** The product's variant it was for; null for a typed line, one from before variants, or once deleted. */
  variant_id: z.number().nullable(),
  /** The variant's options as accepted, `{ "Size": "M" }`; empty when it has none. */
  options: z.record(z.string(), z.string()),
  name: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  discount_percent: z.number(),
  line_total: z.number(),
});

const orderSchema = z.object({
  id: z.number(),
  /** SO-000123 */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  cancel_reason: z.string().nullable(),
  /** The request's reference (Q-000041), kept as it was. */
  reference: z.string(),
  inquiry_id: z.number().nullable(),
  quote_id: z.number().nullable(),
  quote_version: z.number(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_company: z.string().nullable(),
  /** The name the customer typed to sign. */
  signed_by: z.string(),
  po_number: z.string().nullable(),
  billing_address: z.string().nullable(),
  shipping_address: z.string().nullable(),
  currency: z.string(),
  subtotal: z.number(),
  shipping: z.number(),
  shipping_label: z.string().nullable(),
  tax_rate: z.number(),
  tax: z.number(),
  total: z.number(),
  owner: staffRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

const orderEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Null when the customer made it (the order's creation on acceptance), or an API token. */
  actor: staffRef.nullable(),
  /** The API token that made it, if one did. */
  token: tokenRef.nullable(),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  cancel_reason: z.string().nullable(),
  /** Set when staff took the order one step back (order.manage), with why. */
  step_back_reason: z.string().nullable(),
});

export const orderDetailSchema = orderSchema.extend({
  lines: z.array(orderLineSchema),
  notes: z.array(staffNoteSchema),
  history: z.array(orderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListResponse = z.object({ data: z.array(orderSchema), meta: listMeta });

/** What a request and a quote's page say of the order once there is one. */
export const orderSummarySchema = z.object({ number: z.string(), status: z.enum(ORDER_STATUSES) });
export type OrderSummary = z.infer<typeof orderSummarySchema>;
