import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type InquiryStatus, inquiryReference } from '#domain/inquiries';
import { bigCentsToDecimal } from '#domain/money';
import type { OrderStatus } from '#domain/orders';
import { type QuoteStatus, quoteTotals } from '#domain/quotes';
import type { Db } from '../db/client';
import { priceLines } from '../modules/shared/desk';

type Staff = {
  adminId: number;
  editorId: number;
  adminName: string;
  editorName: string;
  /** The store's currency (CURRENCY), which every quote and order is in. */
  currency: string;
};

/**
 * The desk of the demo: requests in every status, with owners, notes, history and quotes (sent,
 * accepted with a signature, declined, changes requested, expired, and one superseded by a second
 * version), and orders in every status from five more accepted quotes. Written as rows, not
 * through the services, so the demo queues no e-mail: a demo run
 * with SMTP_URL set must not write to its made-up customers.
 */
export async function seedDemoDesk(db: Db, staff: Staff) {
  const { rows: requests } = await db.execute<{ id: number; product_id: number; created_at: Date }>(
    // Requests old enough for every step (answers come 30 hours in), the newest first and this
    // month's before older ones, so the dashboard's month shows the desk at work.
    sql`select id, product_id, created_at from inquiries
      where created_at <= now() - interval '36 hours'
      order by created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' desc,
        created_at desc, id
      limit 14`,
  );
  const priced = await priceLines(
    db,
    requests.map((r) => r.product_id),
  );
  const hours = (from: Date | string, n: number) =>
    new Date(new Date(from).getTime() + n * 3_600_000).toISOString();

  const event = (
    id: number,
    at: string,
    actor: number | null,
    from: string | null,
    to: string | null,
    kind = 'status',
    reason: string | null = null,
  ) =>
    db.execute(sql`insert into inquiry_events (inquiry_id, at, actor_id, kind, "from", "to", close_reason)
      values (${id}, ${at}, ${actor}, ${kind}, ${from}, ${to}, ${reason})`);
  const set = (id: number, status: InquiryStatus, owner: number | null, reason: string | null = null) =>
    db.execute(
      sql`update inquiries set status = ${status}, owner_id = ${owner}, close_reason = ${reason} where id = ${id}`,
    );
  const note = (id: number, author: number, at: string, body: string) =>
    db.execute(
      sql`insert into inquiry_notes (inquiry_id, author_id, body, created_at) values (${id}, ${author}, ${body}, ${at})`,
    );

  async function quote(
    r: (typeof requests)[number],
    version: number,
    status: QuoteStatus,
    sentAt: string,
    extra: {
      validUntil?: string;
      answer?: { kind: string; at: string; name?: string; message?: string };
    } = {},
  ) {
    const product = priced.get(r.product_id)!;
    const { rows } = await db.execute<{ id: number }>(sql`
      insert into quotes (inquiry_id, version, status, token, currency, shipping, shipping_label, tax_rate,
        valid_until, terms, created_by, created_at, sent_at, answered_at, answer_kind, answer_name,
        answer_message, answer_address)
      values (${r.id}, ${version}, ${status}, ${randomBytes(24).toString('base64url')}, ${staff.currency}, '25.00',
        'Pallet delivery', '20.00',
        ${extra.validUntil ?? new Date(Date.parse(sentAt) + 30 * 86_400_000).toISOString().slice(0, 10)},
        'Payment within 30 days of delivery.', ${staff.adminId}, ${sentAt}, ${sentAt},
        ${extra.answer?.at ?? null}, ${extra.answer?.kind ?? null}, ${extra.answer?.name ?? null},
        ${extra.answer?.message ?? null}, ${extra.answer ? '203.0.113.7' : null})
      returning id`);
    const quoteId = rows[0].id;
    await db.execute(sql`insert into quote_lines (quote_id, position, product_id, name, sku, quantity, unit_price,
        discount_percent, catalogue_price)
      values (${rows[0].id}, 0, ${r.product_id}, ${product.name}, ${product.sku}, ${10 * version}, ${product.final.toFixed(2)},
        ${version > 1 ? '5.00' : '0.00'}, ${product.final.toFixed(2)})`);
    return quoteId;
  }

  const [fresh, opened, quoted, accepted, declined, changes, expired, spam, revised, ...ordered] = requests;
  void fresh; // stays new: nobody has touched it
  const { adminId: admin, editorId: editor } = staff;

  await set(opened.id, 'open', editor);
  await event(opened.id, hours(opened.created_at, 1), editor, null, staff.editorName, 'owner');
  await event(opened.id, hours(opened.created_at, 1), editor, 'new', 'open');
  await note(opened.id, editor, hours(opened.created_at, 2), 'Asked the customer for the delivery address.');

  for (const [r, status] of [
    [quoted, 'sent'],
    [accepted, 'accepted'],
    [declined, 'declined'],
    [changes, 'changes_requested'],
    [expired, 'expired'],
  ] as const) {
    const sentAt = hours(r.created_at, 5);
    await event(r.id, hours(r.created_at, 1), admin, null, staff.adminName, 'owner');
    await event(r.id, hours(r.created_at, 1), admin, 'new', 'open');
    await event(r.id, sentAt, admin, 'open', 'quoted');
    const answerAt = hours(r.created_at, 30);
    const answer =
      status === 'accepted'
        ? { kind: 'accepted', at: answerAt, name: 'Ana Ortiz' }
        : status === 'declined'
          ? { kind: 'declined', at: answerAt, message: 'We found a closer supplier.' }
          : status === 'changes_requested'
            ? { kind: 'changes_requested', at: answerAt, message: 'Could you quote 20 units instead?' }
            : undefined;
    await quote(r, 1, status, sentAt, {
      answer,
      validUntil:
        r === expired ? new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) : undefined,
    });
    const after: InquiryStatus =
      status === 'accepted'
        ? 'accepted'
        : status === 'declined'
          ? 'declined'
          : status === 'changes_requested'
            ? 'open'
            : 'quoted';
    if (after !== 'quoted') await event(r.id, answerAt, null, 'quoted', after);
    // What the scheduled job writes when a sent quote's day has passed (quote-expiry.ts).
    if (status === 'expired') {
      await db.execute(sql`update quotes set expired_at = now() where inquiry_id = ${r.id}`);
      await event(r.id, new Date().toISOString(), null, 'sent', '1', 'quote_expired');
    }
    await set(r.id, after, admin);
  }
  await note(accepted.id, admin, hours(accepted.created_at, 31), 'Signed. Delivery booked for next week.');

  await set(spam.id, 'closed', null, 'spam');
  await event(spam.id, hours(spam.created_at, 1), editor, 'new', 'closed', 'status', 'spam');

  // Version 1 superseded by version 2.
  await event(revised.id, hours(revised.created_at, 1), editor, 'new', 'open');
  await event(revised.id, hours(revised.created_at, 3), editor, 'open', 'quoted');
  await quote(revised, 1, 'superseded', hours(revised.created_at, 3));
  await quote(revised, 2, 'sent', hours(revised.created_at, 20));
  await note(
    revised.id,
    editor,
    hours(revised.created_at, 19),
    'Sent a second version with a volume discount.',
  );
  await set(revised.id, 'quoted', editor);

  await seedDemoOrders(db, { staff, ordered, quote, event, set, hours, priced });
}

/** The steps each demo order took, one per status, and who made them (null: the customer). */
const ORDER_PATHS: readonly (readonly OrderStatus[])[] = [
  ['confirmed'],
  ['confirmed', 'in_progress'],
  ['confirmed', 'in_progress', 'shipped'],
  ['confirmed', 'in_progress', 'shipped', 'completed'],
  ['confirmed', 'cancelled'],
];
const DEMO_BUYERS = [
  { po: 'PO-4471', billing: 'Harbour Fitters Ltd\n14 Quay Street\nBristol BS1 4QA', delivery: null },
  {
    po: null,
    billing: 'Ridge Joinery\n2 Mill Lane\nLeeds LS9 8AB',
    delivery: 'Site 3, Ridge Park\nLeeds LS10 1XY',
  },
  { po: 'ACME-2291', billing: 'Acme Shopfitting\n77 King Road\nManchester M4 2JT', delivery: null },
  {
    po: 'PO-90017',
    billing: 'Northwind Retail\n5 Market Row\nYork YO1 7HB',
    delivery: 'Warehouse 4\nDock Lane\nHull HU9 1TQ',
  },
  { po: null, billing: 'Brightside Cafés\n9 Canal Walk\nNottingham NG1 7HR', delivery: null },
];

async function seedDemoOrders(
  db: Db,
  desk: {
    staff: Staff;
    ordered: { id: number; product_id: number; created_at: Date }[];
    quote: (
      r: { id: number; product_id: number; created_at: Date },
      version: number,
      status: QuoteStatus,
      sentAt: string,
      extra: { answer?: { kind: string; at: string; name?: string } },
    ) => Promise<number>;
    event: (id: number, at: string, actor: number | null, from: string | null, to: string | null) => unknown;
    set: (id: number, status: InquiryStatus, owner: number | null) => unknown;
    hours: (from: Date | string, n: number) => string;
    priced: Awaited<ReturnType<typeof priceLines>>;
  },
) {
  const { staff, hours } = desk;
  for (const [i, r] of desk.ordered.entries()) {
    const path = ORDER_PATHS[i % ORDER_PATHS.length];
    const buyer = DEMO_BUYERS[i % DEMO_BUYERS.length];
    const { rows: who } = await db.execute<{ name: string; email: string; company: string | null }>(
      sql`select name, email, company from inquiries where id = ${r.id}`,
    );
    const sentAt = hours(r.created_at, 4);
    const acceptedAt = hours(r.created_at, 20);
    await desk.event(r.id, hours(r.created_at, 1), staff.adminId, 'new', 'open');
    await desk.event(r.id, sentAt, staff.adminId, 'open', 'quoted');
    await desk.event(r.id, acceptedAt, null, 'quoted', 'accepted');
    const quoteId = await desk.quote(r, 1, 'accepted', sentAt, {
      answer: { kind: 'accepted', at: acceptedAt, name: who[0].name },
    });
    await desk.set(r.id, 'accepted', staff.adminId);
    // The totals by the one rule, from the line the quote was given.
    const product = desk.priced.get(r.product_id)!;
    const unit = product.final.toFixed(2);
    const totals = quoteTotals({
      lines: [{ quantity: 10, unit_price: unit }],
      shipping: '25.00',
      tax_rate: '20.00',
    });
    const money = (cents: bigint) => bigCentsToDecimal(cents);
    const status = path[path.length - 1];
    const { rows } = await db.execute<{ id: number }>(sql`
      insert into orders (status, cancel_reason, reference, inquiry_id, quote_id, quote_version, owner_id,
        customer_name, customer_email, customer_company, signed_by, po_number, billing_address,
        shipping_address, currency, subtotal, shipping, shipping_label, tax_rate, tax, total, created_at, updated_at)
      values (${status}, ${status === 'cancelled' ? 'The customer found the shelving locally.' : null},
        ${inquiryReference(r.id)}, ${r.id}, ${quoteId}, 1, ${staff.adminId}, ${who[0].name}, ${who[0].email},
        ${who[0].company}, ${who[0].name}, ${buyer.po}, ${buyer.billing},
        ${buyer.delivery ?? buyer.billing}, ${staff.currency}, ${money(totals.subtotal)},
        ${money(totals.shipping)}, 'Pallet delivery', '20.00', ${money(totals.tax)}, ${money(totals.total)},
        ${acceptedAt}, ${hours(acceptedAt, 24 * (path.length - 1))})
      returning id`);
    const orderId = rows[0].id;
    await db.execute(sql`insert into order_lines (order_id, position, product_id, sku, name, quantity, unit_price,
        discount_percent, line_total)
      values (${orderId}, 0, ${r.product_id}, ${product.sku}, ${product.name}, 10, ${unit}, '0.00',
        ${money(totals.lines[0])})`);
    for (const [step, to] of path.entries())
      await db.execute(sql`insert into order_events (order_id, at, actor_id, "from", "to", cancel_reason)
        values (${orderId}, ${hours(acceptedAt, 24 * step)}, ${step === 0 ? null : staff.adminId},
          ${step === 0 ? null : path[step - 1]}, ${to},
          ${to === 'cancelled' ? 'The customer found the shelving locally.' : null})`);
  }
}
