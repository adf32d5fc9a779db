import { eq, type SQL, sql } from 'drizzle-orm';
import {
  type CloseReason,
  INQUIRY_TEXT,
  type Inquiry,
  type InquiryDetail,
  type InquiryLine,
  inquiryReference,
} from '#domain/inquiries';
import { toCents } from '#domain/money';
import type { TokenRef } from '#domain/notes';
import { type LineOptions, optionsRecord } from '#domain/variants';
import type { Db, Tx } from '../../db/client';
import { inquiries, inquiryEvents, inquiryLines, inquiryNotes, products, users } from '../../db/schema';
import { notFound } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { customerOfInquiry } from '../shared/customer-summary';
import { orderOfInquiry } from '../shared/order-summary';
import { readQuoteRows, toQuote } from '../shared/quote-read';
import { tokenRefJson } from '../shared/token-ref';

const columns = {
  id: inquiries.id,
  name: inquiries.name,
  email: inquiries.email,
  phone: inquiries.phone,
  subject: inquiries.subject,
  message: inquiries.message,
  company: inquiries.company,
  created_at: inquiries.created_at,
  status: inquiries.status,
  close_reason: inquiries.close_reason,
  locale: inquiries.locale,
  owner_id: users.id,
  owner_name: users.name,
  product_id: products.id,
  product_name: products.name,
  product_slug: products.slug,
  // The basket in the row's own statement, as arrays in position order: a page of requests
  // costs no query more than it did without baskets. The slug is today's, not stored with the
  // line, so staff open the product where it lives now.
  lines: sql<LineRow[]>`coalesce((
    select json_agg(json_build_array(l.product_id, l.name, l.sku, l.quantity, l.unit_price::text, p.slug,
      l.variant_id, l.options)
      order by l.position)
    from ${inquiryLines} l left join ${products} p on p.id = l.product_id
    where l.inquiry_id = ${inquiries.id}), '[]'::json)`,
};

type LineRow = [
  product_id: number | null,
  name: string,
  sku: string | null,
  quantity: number,
  unit_price: string,
  product_slug: string | null,
  variant_id: number | null,
  options: LineOptions | null,
];

const toLine = ([
  product_id,
  name,
  sku,
  quantity,
  unit_price,
  product_slug,
  variant_id,
  options,
]: LineRow): InquiryLine => ({
  product_id,
  product_slug,
  name,
  sku,
  variant_id,
  options: optionsRecord(options),
  quantity,
  unit_price: toCents(unit_price) / 100,
});

type ColumnsOfTable = Omit<typeof columns, 'lines'>;
export type Row = { [K in keyof ColumnsOfTable]: ColumnsOfTable[K]['_']['data'] } & {
  lines: LineRow[];
  product_id: number | null;
  product_name: string | null;
  product_slug: string | null;
  owner_id: number | null;
  owner_name: string | null;
};

export const toInquiry = (r: Row): Inquiry => ({
  id: r.id,
  reference: inquiryReference(r.id),
  company: r.company,
  lines: r.lines.map(toLine),
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  created_at: r.created_at.toISOString(),
  product: r.product_id !== null ? { id: r.product_id, name: r.product_name!, slug: r.product_slug! } : null,
  status: r.status,
  owner: r.owner_id !== null ? { id: r.owner_id, name: r.owner_name! } : null,
  close_reason: r.close_reason,
  locale: r.locale,
});

type Reader = Pick<Db, 'select'>;

/** The request's own row with its product and owner: the page's statement and the detail's share it. */
export const selectInquiries = <E extends Record<string, SQL>>(db: Reader, extra: E = {} as E) =>
  db
    .select({ ...columns, ...extra })
    .from(inquiries)
    .leftJoin(products, eq(products.id, inquiries.product_id))
    .leftJoin(users, eq(users.id, inquiries.owner_id));

export async function readOne(db: Reader, id: number): Promise<Inquiry> {
  const [row] = await selectInquiries(db).where(eq(inquiries.id, id));
  if (!row) throw notFound(INQUIRY_TEXT.notFound);
  return toInquiry(row as Row);
}

/** A request with its notes, its history and its quotes, as the desk's detail shows it. */
export async function readDetail(
  reader: Db | Tx,
  mailer: Pick<Mailer, 'deliveryOfQuotes'>,
  id: number,
  /** The seller's time zone, in which each quote's validity ends. */
  timeZone: string,
): Promise<InquiryDetail> {
  const [row] = await selectInquiries(reader, {
    notes: sql`coalesce((select json_agg(json_build_object('id', n.id, 'body', n.body,
        'author_id', n.author_id, 'author_name', a.name, 'token', ${tokenRefJson(sql`n.token_id`)},
        'created_at', n.created_at) order by n.id desc)
      from ${inquiryNotes} n left join ${users} a on a.id = n.author_id
      where n.inquiry_id = ${inquiries.id}), '[]'::json)`,
    history: sql`coalesce((select json_agg(json_build_object('id', e.id, 'at', e.at,
        'actor_id', e.actor_id, 'actor_name', a.name, 'token', ${tokenRefJson(sql`e.token_id`)},
        'kind', e.kind, 'from', e."from", 'to', e."to",
        'close_reason', e.close_reason) order by e.id)
      from ${inquiryEvents} e left join ${users} a on a.id = e.actor_id
      where e.inquiry_id = ${inquiries.id}), '[]'::json)`,
  }).where(eq(inquiries.id, id));
  if (!row) throw notFound(INQUIRY_TEXT.notFound);
  const quoteRows = await readQuoteRows(reader, sql`q.inquiry_id = ${id}`, sql`q.id desc`);
  const sent = quoteRows.filter((q) => q.status !== 'draft').map((q) => q.id);
  const delivery = sent.length ? await mailer.deliveryOfQuotes(reader as Db, sent) : new Map();
  type NoteJson = {
    id: number;
    body: string;
    author_id: number | null;
    author_name: string | null;
    token: TokenRef | null;
    created_at: string;
  };
  type EventJson = {
    id: number;
    at: string;
    actor_id: number | null;
    actor_name: string | null;
    token: TokenRef | null;
    kind: 'status' | 'owner';
    from: string | null;
    to: string | null;
    close_reason: CloseReason | null;
  };
  const r = row as unknown as Row & { notes: NoteJson[]; history: EventJson[] };
  return {
    ...toInquiry(r),
    notes: r.notes.map((n) => ({
      id: n.id,
      body: n.body,
      author: n.author_id !== null ? { id: n.author_id, name: n.author_name ?? '' } : null,
      token: n.token,
      created_at: new Date(n.created_at).toISOString(),
    })),
    history: r.history.map((e) => ({
      id: e.id,
      at: new Date(e.at).toISOString(),
      actor: e.actor_id !== null ? { id: e.actor_id, name: e.actor_name ?? '' } : null,
      token: e.token,
      kind: e.kind,
      from: e.from,
      to: e.to,
      close_reason: e.close_reason,
    })),
    quotes: quoteRows.map((q) => toQuote(q, delivery.get(q.id) ?? null, timeZone)),
    order: await orderOfInquiry(reader, id),
    customer: await customerOfInquiry(reader, id),
  };
}
