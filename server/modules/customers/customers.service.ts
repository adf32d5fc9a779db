import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  CUSTOMER_TEXT,
  type Customer,
  type CustomerDetail,
  type CustomerListParams,
  type CustomerSortKey,
  type PatchCustomerInput,
} from '#domain/customers';
import { inquiryReference } from '#domain/inquiries';
import { fromCents, toCents } from '#domain/money';
import type { StaffNote, TokenRef } from '#domain/notes';
import { orderNumber } from '#domain/orders';
import { centsToNumber, quoteTotals } from '#domain/quotes';
import type { Db, Tx } from '../../db/client';
import { pageWithTotal, type SortColumns } from '../../db/query/counting';
import { containsAnyOf } from '../../db/query/search';
import { keysetBatches } from '../../db/query/stream';
import { companies, customerNotes, customers, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors/app-error';
import { assignedPriceLists } from '../price-lists';
import { addNote, type NoteAuthor, type NoteParent } from '../shared/notes';
import { readQuoteRows } from '../shared/quote-read';
import { tokenRefJson } from '../shared/token-ref';
import { mergeCustomers } from './customer-merge';

type Reader = Pick<Db, 'select' | 'execute'>;
type Row = Record<string, unknown>;

/** Each sort's column, as its index (migration 0042) holds it. */
const SORT_COLUMNS: SortColumns<CustomerSortKey> = {
  last_request_at: customers.last_request_at,
  request_count: customers.request_count,
  accepted_value: customers.accepted_value,
  name: sql`lower(${customers.name})`,
};

export const CUSTOMER_CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'sees_company',
  'request_count',
  'order_count',
  'accepted_value',
  'last_request_at',
  'created_at',
] as const;

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
/** numeric(14,2) read as text ("12.50") to the API's money: a number with two decimals at most. */
export const money = (v: unknown) => fromCents(toCents(String(v ?? '0')));

const allOf = (parts: (SQL | undefined)[]) => {
  const kept = parts.filter((p): p is SQL => p !== undefined);
  return kept.length ? and(...kept) : undefined;
};

/**
 * The list's rows: customers not merged into another; a search finds part of the name, e-mail or
 * phone (their trigram indexes) or of the company's name (its own); company_id keeps its people.
 */
async function listWhere(db: Reader, params: Pick<CustomerListParams, 'q' | 'company_id'>) {
  const parts: (SQL | undefined)[] = [isNull(customers.merged_into_id)];
  if (params.q) {
    const [own, company] = await containsAnyOf(
      db,
      [
        { table: customers, columns: [customers.name, customers.email, customers.phone] },
        { table: companies, columns: [companies.name] },
      ],
      params.q,
    );
    parts.push(
      sql`(${own} or ${customers.company_id} in (select ${companies.id} from ${companies} where ${company}))`,
    );
  }
  if (params.company_id !== undefined) parts.push(eq(customers.company_id, params.company_id));
  return allOf(parts);
}

const itemColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  company_id: customers.company_id,
  company_name: companies.name,
  sees_company: customers.sees_company,
  request_count: customers.request_count,
  order_count: customers.order_count,
  accepted_value: customers.accepted_value,
  last_request_at: customers.last_request_at,
  created_at: customers.created_at,
};

export function toCustomer(r: Row): Customer {
  return {
    id: Number(r.id),
    name: String(r.name),
    email: String(r.email),
    phone: (r.phone as string | null) ?? null,
    company: r.company_id == null ? null : { id: Number(r.company_id), name: String(r.company_name ?? '') },
    sees_company: Boolean(r.sees_company),
    request_count: Number(r.request_count),
    order_count: Number(r.order_count),
    accepted_value: money(r.accepted_value),
    last_request_at: iso(r.last_request_at),
    created_at: iso(r.created_at) as string,
  };
}

export type NoteRow = {
  id: number;
  body: string;
  author_id: number | null;
  author_name: string | null;
  token: TokenRef | null;
  created_at: unknown;
};
export const toNote = (n: NoteRow): StaffNote => ({
  id: Number(n.id),
  body: n.body,
  author: n.author_id === null ? null : { id: Number(n.author_id), name: n.author_name ?? '' },
  token: n.token,
  created_at: iso(n.created_at) as string,
});

const NOTE_PARENT: NoteParent = {
  table: customers,
  noteColumn: customerNotes.customer_id,
  notFound: CUSTOMER_TEXT.notFound,
};

/** Requests, newest first, of the rows `where` picks (alias i). */
export async function readRequests(db: Reader, where: SQL) {
  const { rows } = await db.execute<Row>(sql`
    select i.id, i.subject, i.status, i.created_at, i.customer_id, c.name as customer_name
    from inquiries i left join customers c on c.id = i.customer_id
    where ${where} order by i.created_at desc, i.id desc`);
  return rows.map((r) => ({
    id: Number(r.id),
    reference: inquiryReference(Number(r.id)),
    subject: String(r.subject),
    status: r.status as CustomerDetail['requests'][number]['status'],
    created_at: iso(r.created_at) as string,
    customer: { id: Number(r.customer_id), name: String(r.customer_name ?? '') },
  }));
}

/** Orders, newest first, of the rows `where` picks (alias o). */
export async function readOrders(db: Reader, where: SQL) {
  const { rows } = await db.execute<Row>(sql`
    select o.id, o.number, o.status, o.total::text as total, o.currency, o.created_at, o.customer_id,
      c.name as customer_name
    from orders o left join customers c on c.id = o.customer_id
    where ${where} order by o.created_at desc, o.id desc`);
  return rows.map((r) => ({
    id: Number(r.id),
    number: orderNumber(Number(r.number)),
    status: r.status as CustomerDetail['orders'][number]['status'],
    total: money(r.total),
    currency: String(r.currency),
    created_at: iso(r.created_at) as string,
    customer: { id: Number(r.customer_id), name: String(r.customer_name ?? '') },
  }));
}

/**
 * A customer with its requests, quotes, orders and notes, as GET /api/customers/{id} answers (and
 * its webhook events carry it); a merged one answers too.
 */
export async function readDetail(db: Reader, id: number): Promise<CustomerDetail> {
  const [row] = await db
    .select({ ...itemColumns, merged_into_id: customers.merged_into_id, updated_at: customers.updated_at })
    .from(customers)
    .leftJoin(companies, eq(companies.id, customers.company_id))
    .where(eq(customers.id, id));
  if (!row) throw notFound(CUSTOMER_TEXT.notFound);
  const [requests, quoteRows, orders, notes, priceLists] = await Promise.all([
    readRequests(db, sql`i.customer_id = ${id}`),
    readQuoteRows(
      db,
      sql`q.inquiry_id in (select i.id from inquiries i where i.customer_id = ${id})`,
      sql`q.id desc`,
    ),
    readOrders(db, sql`o.customer_id = ${id}`),
    db.execute<NoteRow>(sql`
      select n.id, n.body, n.author_id, u.name as author_name, ${tokenRefJson(sql`n.token_id`)} as token,
        n.created_at
      from ${customerNotes} n left join ${users} u on u.id = n.author_id
      where n.customer_id = ${id} order by n.id desc`),
    assignedPriceLists(db, { customerId: id }),
  ]);
  return {
    ...toCustomer(row),
    merged_into_id: row.merged_into_id,
    updated_at: iso(row.updated_at) as string,
    requests: requests.map(({ customer: _, ...r }) => r),
    quotes: quoteRows.map((q) => ({
      id: q.id,
      inquiry_id: q.inquiry_id,
      reference: inquiryReference(q.inquiry_id),
      version: q.version,
      status: q.status,
      total: centsToNumber(
        quoteTotals({
          lines: q.lines.map(([, , , quantity, unit_price, discount_percent]) => ({
            quantity,
            unit_price,
            discount_percent,
          })),
          shipping: q.shipping,
          tax_rate: q.tax_rate,
        }).total,
      ),
      currency: q.currency,
      valid_until: q.valid_until,
      sent_at: iso(q.sent_at),
    })),
    orders: orders.map(({ customer: _, ...o }) => o),
    notes: notes.rows.map(toNote),
    price_lists: priceLists,
  };
}

/** The list's matches as CSV records (CUSTOMER_CSV_COLUMNS), in its order, in keyset batches. */
async function* exportCustomers(db: Db, params: CustomerListParams) {
  const where = await listWhere(db, params);
  // A keyset needs a key that is never null: a customer without requests sorts as the oldest.
  const key =
    params.sortBy === 'last_request_at'
      ? sql`coalesce(${customers.last_request_at}, '-infinity'::timestamptz)`
      : SORT_COLUMNS[params.sortBy];
  const type = (
    {
      last_request_at: 'timestamptz',
      request_count: 'integer',
      accepted_value: 'numeric',
      name: 'text',
    } as const
  )[params.sortBy];
  const batches = keysetBatches<Row & { id: number; sort_key: string }>(
    { key, type, id: customers.id, order: params.order },
    async (batch) => {
      const filters = allOf([where, batch.after]);
      const { rows } = await db.execute<Row & { id: number; sort_key: string }>(sql`
        select ${customers.id} as id, ${batch.sortKey} as sort_key, ${customers.name} as name,
          ${customers.email} as email, ${customers.phone} as phone, ${customers.company_id} as company_id,
          (select co.name from ${companies} co where co.id = ${customers.company_id}) as company_name,
          ${customers.sees_company} as sees_company, ${customers.request_count} as request_count,
          ${customers.order_count} as order_count, ${customers.accepted_value}::text as accepted_value,
          ${customers.last_request_at} as last_request_at, ${customers.created_at} as created_at
        from ${customers} ${filters ? sql`where ${filters}` : sql``}
        order by ${batch.orderBy} limit ${batch.limit}`);
      return rows;
    },
  );
  for await (const rows of batches)
    yield rows.map((r) => {
      const c = toCustomer(r);
      return [
        c.id,
        c.name,
        c.email,
        c.phone,
        c.company?.name ?? null,
        c.sees_company ? 'yes' : 'no',
        c.request_count,
        c.order_count,
        c.accepted_value,
        c.last_request_at,
        c.created_at,
      ];
    });
}

/** The company a customer is being given, checked to exist and held against a delete. */
async function requireCompany(tx: Tx, id: number) {
  const { rows } = await tx.execute(sql`select 1 from ${companies} where id = ${id} for key share`);
  if (!rows.length) throw notFound(CUSTOMER_TEXT.companyNotFound);
}

export function createCustomersService(db: Db) {
  return {
    list: async (params: CustomerListParams) => {
      const where = await listWhere(db, params);
      const { rows, meta } = await pageWithTotal(
        db,
        { table: customers, id: customers.id, where, sortColumns: SORT_COLUMNS, params },
        (scope) =>
          scope.db
            .select({ ...itemColumns, total: scope.total })
            .from(customers)
            .leftJoin(companies, eq(companies.id, customers.company_id))
            .where(inArray(customers.id, scope.ids()))
            .orderBy(...scope.order),
      );
      return { data: rows.map((r) => toCustomer(r)), meta };
    },

    exportBatches: (params: CustomerListParams) => exportCustomers(db, params),

    get: (id: number) => readDetail(db, id),

    /**
     * Changes a customer's contact details, company and portal right, under its row lock. Another
     * customer's e-mail (compared as the index does, case-insensitive) is 409, an unknown company
     * 404; the change log records it with the caller.
     */
    patch: (id: number, body: PatchCustomerInput) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`select id from ${customers} where id = ${id} for update`);
        if (!rows.length) throw notFound(CUSTOMER_TEXT.notFound);
        if (body.email !== undefined) {
          const { rows: taken } = await tx.execute(
            sql`select 1 from ${customers} where lower(email) = lower(${body.email}) and id <> ${id}`,
          );
          if (taken.length) throw conflict(CUSTOMER_TEXT.emailTaken);
        }
        if (body.company_id !== undefined && body.company_id !== null)
          await requireCompany(tx, body.company_id);
        const set: Partial<typeof customers.$inferInsert> = {};
        if (body.name !== undefined) set.name = body.name;
        if (body.email !== undefined) set.email = body.email;
        if (body.phone !== undefined) set.phone = body.phone;
        if (body.company_id !== undefined) set.company_id = body.company_id;
        if (body.sees_company !== undefined) set.sees_company = body.sees_company;
        await tx
          .update(customers)
          .set({ ...set, updated_at: sql`now()` })
          .where(eq(customers.id, id));
        return readDetail(tx, id);
      }),

    /** Merges the customer into another (customer-merge.ts) and answers the survivor. */
    merge: (id: number, intoId: number) => {
      if (id === intoId) throw badRequest(CUSTOMER_TEXT.mergeSelf);
      return db.transaction(async (tx) => {
        await mergeCustomers(tx, id, intoId);
        return readDetail(tx, intoId);
      });
    },

    // In a transaction of its own, so it records customer.updated with it (ADR 0021).
    addNote: (id: number, body: string, author: NoteAuthor) =>
      db.transaction((tx) => addNote(tx, NOTE_PARENT, id, body, author)),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
