import { and, asc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { inquiryReference, parseInquiryReference } from '#domain/inquiries';
import { bigCentsToDecimal, formatMoney } from '#domain/money';
import {
  ACCEPT_FIELDS,
  type AcceptField,
  type AcceptOrderInput,
  canMoveOrder,
  ORDER_TEXT,
  type Order,
  type OrderDetail,
  type OrderSettings,
  type OrderSortKey,
  type OrderStatus,
  orderMoveEmails,
  orderNumber,
  parseOrderNumber,
  stepBackTarget,
} from '#domain/orders';
import type { ListParams } from '#domain/paging';
import type { Quote } from '#domain/quotes';
import { dayEndIn, dayStartIn } from '#domain/time-zone';
import { optionsList, optionsRecord } from '#domain/variants';
import type { CompanyDetails } from '../../config';
import type { Db, Tx } from '../../db/client';
import { pageWithTotal, type SortColumns } from '../../db/query/counting';
import { containsAny } from '../../db/query/search';
import { keysetBatches } from '../../db/query/stream';
import {
  inquiries,
  orderEvents,
  orderLines,
  orderNotes,
  orderSettings,
  orders,
  users,
} from '../../db/schema';
import { conflict, notFound } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { storedOptions } from '../shared/desk';
import { addNote, type NoteAuthor, type NoteParent } from '../shared/notes';
import { customerSignature, pdfSellerOf } from '../shared/seller';
import { tokenRefJson } from '../shared/token-ref';
import type { WebhookEventInput } from '../webhooks';
import type { renderOrderPdf } from './order-pdf';

export type OrdersDeps = {
  mailer: Pick<Mailer, 'enqueue'>;
  renderPdf: typeof renderOrderPdf;
  publicUrl: string;
  companyName: string;
  company: CompanyDetails;
  /** The seller's TIMEZONE, whose calendar days the list's from and to are. */
  timeZone: string;
  /**
   * Records webhook events in the caller's transaction (wired by services.ts; a test's own
   * service may go without). Orders are not in the change log that records the others'.
   */
  recordEvents?: (tx: Tx, events: WebhookEventInput[]) => Promise<void>;
};

type Reader = Pick<Db, 'select' | 'execute'>;

const NOTE_PARENT: NoteParent = {
  table: orders,
  noteColumn: orderNotes.order_id,
  notFound: ORDER_TEXT.notFound,
  lock: true,
};

const SORT_COLUMNS: SortColumns<OrderSortKey> = {
  created_at: orders.created_at,
  number: orders.number,
  total: orders.total,
};

export const CSV_COLUMNS = [
  'number',
  'created_at',
  'status',
  'reference',
  'owner',
  'customer_name',
  'customer_email',
  'customer_company',
  'po_number',
  'currency',
  'subtotal',
  'shipping',
  'tax',
  'total',
  'lines',
  'billing_address',
  'shipping_address',
  'cancel_reason',
] as const;

const decimal = (v: string | number) => Number(v);
const iso = (d: Date | string) => new Date(d).toISOString();

const orderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  cancel_reason: orders.cancel_reason,
  reference: orders.reference,
  inquiry_id: orders.inquiry_id,
  quote_id: orders.quote_id,
  quote_version: orders.quote_version,
  customer_name: orders.customer_name,
  customer_email: orders.customer_email,
  customer_company: orders.customer_company,
  signed_by: orders.signed_by,
  po_number: orders.po_number,
  billing_address: orders.billing_address,
  shipping_address: orders.shipping_address,
  currency: orders.currency,
  subtotal: orders.subtotal,
  shipping: orders.shipping,
  shipping_label: orders.shipping_label,
  tax_rate: orders.tax_rate,
  tax: orders.tax,
  total: orders.total,
  owner_id: orders.owner_id,
  owner_name: users.name,
  created_at: orders.created_at,
  updated_at: orders.updated_at,
};
type OrderRow = {
  [K in keyof typeof orderColumns]:
    | (typeof orderColumns)[K]['_']['data']
    | (K extends 'owner_name' ? null : never);
};

function toOrder(r: OrderRow): Order {
  return {
    id: r.id,
    number: orderNumber(r.number),
    status: r.status,
    cancel_reason: r.cancel_reason,
    reference: r.reference,
    inquiry_id: r.inquiry_id,
    quote_id: r.quote_id,
    quote_version: r.quote_version,
    customer_name: r.customer_name,
    customer_email: r.customer_email,
    customer_company: r.customer_company,
    signed_by: r.signed_by,
    po_number: r.po_number,
    billing_address: r.billing_address,
    shipping_address: r.shipping_address,
    currency: r.currency,
    subtotal: decimal(r.subtotal),
    shipping: decimal(r.shipping),
    shipping_label: r.shipping_label,
    tax_rate: decimal(r.tax_rate),
    tax: decimal(r.tax),
    total: decimal(r.total),
    owner: r.owner_id !== null ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** The columns but the total, whose name the list's count takes. */
const { total: _total, ...listColumns } = orderColumns;

const selectOrders = (db: Pick<Db, 'select'>) =>
  db.select(orderColumns).from(orders).leftJoin(users, eq(users.id, orders.owner_id));

const allOf = (parts: (SQL | undefined)[]) => {
  const kept = parts.filter((p): p is SQL => p !== undefined);
  return kept.length ? and(...kept) : undefined;
};

/**
 * The list's rows: a search finds an order by its number or its request's reference however
 * they are typed, or by a substring of the company, e-mail, PO number or customer's name
 * (trigram indexes); filters by status, owner and days ordered (calendar days in the seller's
 * time zone, both ends included).
 */
async function listWhere(
  db: Reader,
  params: ListParams<OrderSortKey>,
  callerId: number | null,
  timeZone: string,
) {
  const parts: (SQL | undefined)[] = [];
  if (params.q) {
    const own = await containsAny(
      db,
      orders,
      [orders.customer_company, orders.customer_email, orders.po_number, orders.customer_name],
      params.q,
    );
    const number = parseOrderNumber(params.q);
    const reference = parseInquiryReference(params.q);
    parts.push(
      or(
        own,
        number === null ? undefined : eq(orders.number, number),
        reference === null ? undefined : eq(orders.reference, inquiryReference(reference)),
      ),
    );
  }
  const { status, owner, from, to } = params.filters;
  if (status) parts.push(eq(orders.status, status as OrderStatus));
  if (owner === 'me') parts.push(callerId === null ? sql`false` : eq(orders.owner_id, callerId));
  else if (owner === 'nobody') parts.push(isNull(orders.owner_id));
  else if (owner) parts.push(eq(orders.owner_id, Number(owner)));
  if (from) parts.push(gte(orders.created_at, dayStartIn(from, timeZone)));
  if (to) parts.push(lt(orders.created_at, dayEndIn(to, timeZone)));
  return allOf(parts);
}

/** An order with its lines, notes (newest first) and history (oldest first). */
async function readDetail(reader: Pick<Db, 'select'>, id: number): Promise<OrderDetail> {
  const [row] = await selectOrders(reader).where(eq(orders.id, id));
  if (!row) throw notFound(ORDER_TEXT.notFound);
  const [lines, notes, history] = await Promise.all([
    reader.select().from(orderLines).where(eq(orderLines.order_id, id)).orderBy(asc(orderLines.position)),
    reader
      .select({ note: orderNotes, author: users.name, token: tokenRefJson(orderNotes.token_id) })
      .from(orderNotes)
      .leftJoin(users, eq(users.id, orderNotes.author_id))
      .where(eq(orderNotes.order_id, id))
      .orderBy(sql`${orderNotes.id} desc`),
    reader
      .select({ event: orderEvents, actor: users.name, token: tokenRefJson(orderEvents.token_id) })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actor_id))
      .where(eq(orderEvents.order_id, id))
      .orderBy(asc(orderEvents.id)),
  ]);
  return {
    ...toOrder(row as OrderRow),
    lines: lines.map((l) => ({
      product_id: l.product_id,
      sku: l.sku,
      variant_id: l.variant_id,
      options: optionsRecord(l.options),
      name: l.name,
      quantity: l.quantity,
      unit_price: decimal(l.unit_price),
      discount_percent: decimal(l.discount_percent),
      line_total: decimal(l.line_total),
    })),
    notes: notes.map(({ note, author, token }) => ({
      id: note.id,
      body: note.body,
      author: note.author_id !== null ? { id: note.author_id, name: author ?? '' } : null,
      token,
      created_at: iso(note.created_at),
    })),
    history: history.map(({ event, actor, token }) => ({
      id: event.id,
      at: iso(event.at),
      actor: event.actor_id !== null ? { id: event.actor_id, name: actor ?? '' } : null,
      token,
      from: event.from as OrderStatus | null,
      to: event.to as OrderStatus,
      cancel_reason: event.cancel_reason,
      step_back_reason: event.step_back_reason,
    })),
  };
}

/** The list's matches as CSV records (CSV_COLUMNS), in its order, in keyset batches. */
async function* exportOrders(
  db: Db,
  params: ListParams<OrderSortKey>,
  callerId: number | null,
  timeZone: string,
) {
  const where = await listWhere(db, params, callerId, timeZone);
  const order = {
    key: SORT_COLUMNS[params.sortBy],
    type: params.sortBy === 'created_at' ? 'timestamptz' : params.sortBy === 'total' ? 'numeric' : 'integer',
    id: orders.id,
    order: params.order,
  } as const;
  type ExportRow = Record<string, unknown> & { id: number; sort_key: string };
  const batches = keysetBatches<ExportRow>(order, async (batch) => {
    const filters = allOf([where, batch.after]);
    const { rows } = await db.execute<ExportRow>(sql`select ${orders.id} as id,
        ${batch.sortKey} as sort_key, ${orders.number} as number, ${orders.created_at} as created_at,
        ${orders.status} as status, ${orders.reference} as reference,
        (select u.name from ${users} u where u.id = ${orders.owner_id}) as owner,
        ${orders.customer_name} as customer_name, ${orders.customer_email} as customer_email,
        ${orders.customer_company} as customer_company, ${orders.po_number} as po_number,
        ${orders.currency} as currency, (${orders.subtotal} * 100)::bigint::text as subtotal,
        (${orders.shipping} * 100)::bigint::text as shipping, (${orders.tax} * 100)::bigint::text as tax,
        (${orders.total} * 100)::bigint::text as total,
        (select count(*)::int from ${orderLines} l where l.order_id = ${orders.id}) as lines,
        ${orders.billing_address} as billing_address, ${orders.shipping_address} as shipping_address,
        ${orders.cancel_reason} as cancel_reason
      from ${orders} ${filters ? sql`where ${filters}` : sql``}
      order by ${batch.orderBy} limit ${batch.limit}`);
    return rows;
  });
  const cents = (v: unknown) => bigCentsToDecimal(BigInt(v as string));
  for await (const rows of batches)
    yield rows.map((r) => [
      orderNumber(r.number as number),
      iso(r.created_at as Date),
      r.status as string,
      r.reference as string,
      r.owner as string | null,
      r.customer_name as string,
      r.customer_email as string,
      r.customer_company as string | null,
      r.po_number as string | null,
      r.currency as string,
      cents(r.subtotal),
      cents(r.shipping),
      cents(r.tax),
      cents(r.total),
      r.lines as number,
      r.billing_address as string | null,
      r.shipping_address as string | null,
      r.cancel_reason as string | null,
    ]);
}

export function createOrdersService(db: Db, deps: OrdersDeps) {
  const seller = pdfSellerOf(deps.company, deps.timeZone);
  const signature = customerSignature(deps.companyName, deps.company);

  /** The order confirmation with the order as a PDF, queued in the caller's transaction. */
  async function confirm(tx: Tx, order: OrderDetail, token: string) {
    const pdf = await deps.renderPdf({ companyName: deps.companyName, seller, order });
    await deps.mailer.enqueue(tx, {
      to: order.customer_email,
      subject: `Order ${order.number} confirmed by ${deps.companyName}`,
      text: [
        `Hello ${order.customer_name},`,
        '',
        `Thank you for your order. Order ${order.number} (quote ${order.reference}, version ${order.quote_version}) is confirmed.`,
        ...(order.po_number ? [`Your PO number: ${order.po_number}`] : []),
        `Total: ${formatMoney(order.total, order.currency)}`,
        '',
        'The order confirmation is attached as a PDF. We will write again when it ships.',
        `Follow it here: ${deps.publicUrl}/quote/${token}`,
        '',
        ...signature,
      ].join('\n'),
      attachments: [{ filename: `order-${order.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
      inquiry_id: order.inquiry_id,
      kind: 'order_confirmed',
    });
  }

  async function shipped(tx: Tx, order: OrderDetail) {
    await deps.mailer.enqueue(tx, {
      to: order.customer_email,
      subject: `Order ${order.number} has shipped`,
      text: [
        `Hello ${order.customer_name},`,
        '',
        `Your order ${order.number} (quote ${order.reference}) has shipped.`,
        ...(order.po_number ? [`Your PO number: ${order.po_number}`] : []),
        ...(order.shipping_address || order.billing_address
          ? ['', 'Delivery address:', (order.shipping_address ?? order.billing_address) as string]
          : []),
        '',
        ...signature,
      ].join('\n'),
      inquiry_id: order.inquiry_id,
      kind: 'order_shipped',
    });
  }

  return {
    /**
     * The order an accepted quote becomes, in the acceptance's transaction (the quote's and its
     * request's rows are locked by it): the accepted version's lines and totals as they are, the
     * customer, what they entered, the request's owner. Its history starts at confirmed, made by
     * the customer (no actor). The confirmation goes out when the acceptance commits.
     */
    async createFromQuote(
      tx: Tx,
      quote: Quote,
      input: AcceptOrderInput & { signed_by: string; token: string },
    ): Promise<void> {
      const [inquiry] = await tx
        .select({
          name: inquiries.name,
          email: inquiries.email,
          company: inquiries.company,
          owner_id: inquiries.owner_id,
        })
        .from(inquiries)
        .where(eq(inquiries.id, quote.inquiry_id));
      const [created] = await tx
        .insert(orders)
        .values({
          reference: inquiryReference(quote.inquiry_id),
          inquiry_id: quote.inquiry_id,
          quote_id: quote.id,
          quote_version: quote.version ?? 0,
          owner_id: inquiry.owner_id,
          customer_name: inquiry.name,
          customer_email: inquiry.email,
          customer_company: inquiry.company,
          signed_by: input.signed_by,
          po_number: input.po_number,
          billing_address: input.billing_address,
          shipping_address: input.shipping_address,
          currency: quote.currency,
          subtotal: String(quote.subtotal),
          shipping: String(quote.shipping),
          shipping_label: quote.shipping_label,
          tax_rate: String(quote.tax_rate),
          tax: String(quote.tax),
          total: String(quote.total),
        })
        .returning({ id: orders.id });
      if (quote.lines.length)
        await tx.insert(orderLines).values(
          quote.lines.map((l, i) => ({
            order_id: created.id,
            position: i,
            product_id: l.product_id,
            sku: l.sku,
            variant_id: l.variant_id,
            options: storedOptions(optionsList(l.options)),
            name: l.name,
            quantity: l.quantity,
            unit_price: String(l.unit_price),
            discount_percent: String(l.discount_percent),
            line_total: String(l.line_total),
          })),
        );
      await tx
        .insert(orderEvents)
        .values({ order_id: created.id, actor_id: null, from: null, to: 'confirmed' });
      const order = await readDetail(tx, created.id);
      await confirm(tx, order, input.token);
      await deps.recordEvents?.(tx, [{ type: 'order.created', entity: `order:${order.id}`, data: order }]);
    },

    list: async (params: ListParams<OrderSortKey>, callerId: number | null) => {
      const where = await listWhere(db, params, callerId, deps.timeZone);
      const { rows, meta } = await pageWithTotal(
        db,
        { table: orders, id: orders.id, where, sortColumns: SORT_COLUMNS, params },
        (scope) =>
          scope.db
            .select({ ...listColumns, order_total: orders.total, total: scope.total })
            .from(orders)
            .leftJoin(users, eq(users.id, orders.owner_id))
            .where(inArray(orders.id, scope.ids()))
            .orderBy(...scope.order),
      );
      return {
        data: rows.map(({ order_total, total: _, ...r }) =>
          toOrder({ ...r, total: order_total } as OrderRow),
        ),
        meta,
      };
    },

    exportBatches: (params: ListParams<OrderSortKey>, callerId: number | null) =>
      exportOrders(db, params, callerId, deps.timeZone),

    get: (id: number) => readDetail(db, id),

    /** The order's PDF, as its confirmation e-mail attaches it. */
    pdf: (order: OrderDetail) => deps.renderPdf({ companyName: deps.companyName, seller, order }),

    /**
     * Moves an order (ORDER_MOVES: forward, or to cancelled with a reason), under its row lock so
     * two moves at once are taken one after the other, each checked against the status the other
     * left. Recorded in its history with the caller; shipping tells the customer.
     */
    patch: (
      id: number,
      body: { status: OrderStatus; cancel_reason: string | null },
      actorId: number | null,
    ) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ status: OrderStatus }>(
          sql`select ${orders.status} as status from ${orders} where ${orders.id} = ${id} for update`,
        );
        if (!rows[0]) throw notFound(ORDER_TEXT.notFound);
        const from = rows[0].status;
        if (!canMoveOrder(from, body.status))
          throw conflict(ORDER_TEXT.moveForbidden(ORDER_TEXT.status[from], ORDER_TEXT.status[body.status]));
        const reason = body.status === 'cancelled' ? body.cancel_reason : null;
        await tx
          .update(orders)
          .set({ status: body.status, cancel_reason: reason, updated_at: sql`now()` })
          .where(eq(orders.id, id));
        await tx
          .insert(orderEvents)
          .values({ order_id: id, actor_id: actorId, from, to: body.status, cancel_reason: reason });
        const detail = await readDetail(tx, id);
        if (orderMoveEmails(body.status)) await shipped(tx, detail);
        await deps.recordEvents?.(tx, [{ type: 'order.updated', entity: `order:${id}`, data: detail }]);
        return detail;
      }),

    /**
     * Takes an order one step back (stepBackTarget), under its row lock like a move: recorded in
     * its history with the reason and the caller, and order.updated, but never an e-mail (the
     * customer was told of the step being undone, or of nothing).
     */
    stepBack: (id: number, reason: string, actorId: number | null) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`select 1 from ${orders} where ${orders.id} = ${id} for update`);
        if (!rows[0]) throw notFound(ORDER_TEXT.notFound);
        const current = await readDetail(tx, id);
        const to = stepBackTarget(current.status, current.history);
        if (to === null) throw conflict(ORDER_TEXT.stepBackNone(ORDER_TEXT.status[current.status]));
        await tx
          .update(orders)
          .set({ status: to, cancel_reason: null, updated_at: sql`now()` })
          .where(eq(orders.id, id));
        await tx
          .insert(orderEvents)
          .values({ order_id: id, actor_id: actorId, from: current.status, to, step_back_reason: reason });
        const detail = await readDetail(tx, id);
        await deps.recordEvents?.(tx, [{ type: 'order.updated', entity: `order:${id}`, data: detail }]);
        return detail;
      }),

    /** Which acceptance fields the customer must fill; none until staff choose. */
    requiredFields: async (reader: Pick<Db, 'select'> = db): Promise<AcceptField[]> => {
      const [row] = await reader.select({ fields: orderSettings.required_fields }).from(orderSettings);
      return ACCEPT_FIELDS.filter((f) => row?.fields.includes(f));
    },

    async setRequiredFields(fields: AcceptField[]): Promise<OrderSettings> {
      await db
        .insert(orderSettings)
        .values({ id: true, required_fields: fields })
        .onConflictDoUpdate({
          target: orderSettings.id,
          set: { required_fields: fields, updated_at: sql`now()` },
        });
      return { required_fields: fields };
    },

    /**
     * A staff note, with the order's order.updated in the same transaction. The order's row is
     * locked first, as a move locks it, so its events are recorded in the order they commit.
     */
    addNote: (id: number, body: string, author: NoteAuthor) =>
      db.transaction(async (tx) => {
        const note = await addNote(tx, NOTE_PARENT, id, body, author);
        const detail = await readDetail(tx, id);
        await deps.recordEvents?.(tx, [{ type: 'order.updated', entity: `order:${id}`, data: detail }]);
        return note;
      }),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
