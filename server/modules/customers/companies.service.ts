import { eq, type SQL, sql } from 'drizzle-orm';
import {
  type Company,
  type CompanyDetail,
  type CompanyListParams,
  type CompanySortKey,
  CUSTOMER_TEXT,
  type PatchCompanyInput,
} from '#domain/customers';
import type { Db } from '../../db/client';
import { countMatches } from '../../db/query/counting';
import { containsAny } from '../../db/query/search';
import { limitInText } from '../../db/query/sql';
import { keysetBatches } from '../../db/query/stream';
import { companies, companyNotes, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors/app-error';
import { assignedPriceLists } from '../price-lists';
import { addNote, type NoteAuthor, type NoteParent } from '../shared/notes';
import { tokenRefJson } from '../shared/token-ref';
import { deleteCompany, mergeCompanies } from './company-merge';
import { money, type NoteRow, readOrders, readRequests, toCustomer, toNote } from './customers.service';

type Reader = Pick<Db, 'select' | 'execute'>;
type Row = Record<string, unknown>;

export const COMPANY_CSV_COLUMNS = [
  'id',
  'name',
  'phone',
  'website',
  'address',
  'customer_count',
  'request_count',
  'order_count',
  'accepted_value',
  'last_request_at',
  'created_at',
] as const;

/**
 * A company's figures: its unmerged customers' counters added up, each customer found through
 * customers_company_idx. Companies are far fewer than requests, so they are added up as read.
 */
const FIGURES = sql`cross join lateral (
  select count(*)::int as customer_count, coalesce(sum(c.request_count), 0)::int as request_count,
    coalesce(sum(c.order_count), 0)::int as order_count,
    coalesce(sum(c.accepted_value), 0)::numeric(14, 2)::text as accepted_value,
    max(c.last_request_at) as last_request_at
  from customers c where c.company_id = companies.id and c.merged_into_id is null) f`;

/** Each sort's expression; a key that may be null sorts as the lowest. */
const SORTS: Record<CompanySortKey, { key: SQL; type: 'text' | 'integer' | 'numeric' | 'timestamptz' }> = {
  name: { key: sql`lower(btrim(companies.name))`, type: 'text' },
  accepted_value: { key: sql`f.accepted_value::numeric`, type: 'numeric' },
  customer_count: { key: sql`f.customer_count`, type: 'integer' },
  request_count: { key: sql`f.request_count`, type: 'integer' },
  last_request_at: { key: sql`coalesce(f.last_request_at, '-infinity'::timestamptz)`, type: 'timestamptz' },
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toCompany(r: Row): Company {
  return {
    id: Number(r.id),
    name: String(r.name),
    phone: (r.phone as string | null) ?? null,
    website: (r.website as string | null) ?? null,
    address: (r.address as string | null) ?? null,
    customer_count: Number(r.customer_count),
    request_count: Number(r.request_count),
    order_count: Number(r.order_count),
    accepted_value: money(r.accepted_value),
    last_request_at: iso(r.last_request_at),
    created_at: iso(r.created_at) as string,
  };
}

/** A search finds part of the name (companies_name_trgm). */
const listWhere = async (db: Reader, q: string) =>
  q ? containsAny(db, companies, [companies.name], q) : undefined;

/** A company as GET /api/companies/{id} answers (and its webhook events carry it). */
export async function readDetail(db: Reader, id: number): Promise<CompanyDetail> {
  const { rows } = await db.execute<Row>(
    sql`select companies.*, f.* from companies ${FIGURES} where companies.id = ${id}`,
  );
  const row = rows[0];
  if (!row) throw notFound(CUSTOMER_TEXT.companyNotFound);
  const people = await db.execute<Row>(sql`
    select c.*, ${row.name as string} as company_name from customers c
    where c.company_id = ${id} and c.merged_into_id is null order by lower(c.name), c.id`);
  const [requests, orders, notes, priceLists] = await Promise.all([
    readRequests(db, sql`i.customer_id in (select c.id from customers c where c.company_id = ${id})`),
    readOrders(db, sql`o.customer_id in (select c.id from customers c where c.company_id = ${id})`),
    db.execute<NoteRow>(sql`
      select n.id, n.body, n.author_id, u.name as author_name, ${tokenRefJson(sql`n.token_id`)} as token,
        n.created_at
      from ${companyNotes} n left join ${users} u on u.id = n.author_id
      where n.company_id = ${id} order by n.id desc`),
    assignedPriceLists(db, { companyId: id }),
  ]);
  return {
    ...toCompany({ ...row, id: row.id ?? id }),
    updated_at: iso(row.updated_at) as string,
    people: people.rows.map(toCustomer),
    requests,
    orders,
    notes: notes.rows.map(toNote),
    price_lists: priceLists,
  };
}

async function* exportCompanies(db: Db, params: CompanyListParams) {
  const where = await listWhere(db, params.q);
  const sort = SORTS[params.sortBy];
  const batches = keysetBatches<Row & { id: number; sort_key: string }>(
    { key: sort.key, type: sort.type, id: companies.id, order: params.order },
    async (batch) => {
      const parts = [where, batch.after].filter((p): p is SQL => p !== undefined);
      const { rows } = await db.execute<Row & { id: number; sort_key: string }>(sql`
        select companies.*, f.*, ${batch.sortKey} as sort_key from companies ${FIGURES}
        ${parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``}
        order by ${batch.orderBy} limit ${batch.limit}`);
      return rows;
    },
  );
  for await (const rows of batches)
    yield rows.map((r) => {
      const c = toCompany(r);
      return [
        c.id,
        c.name,
        c.phone,
        c.website,
        c.address,
        c.customer_count,
        c.request_count,
        c.order_count,
        c.accepted_value,
        c.last_request_at,
        c.created_at,
      ];
    });
}

const NOTE_PARENT: NoteParent = {
  table: companies,
  noteColumn: companyNotes.company_id,
  notFound: CUSTOMER_TEXT.companyNotFound,
};

export function createCompaniesService(db: Db) {
  return {
    async list(params: CompanyListParams) {
      const where = await listWhere(db, params.q);
      const sort = SORTS[params.sortBy];
      const dir = params.order === 'asc' ? sql`asc` : sql`desc`;
      const [page, total] = await Promise.all([
        db.execute<Row>(sql`
          select companies.*, f.* from companies ${FIGURES}
          ${where ? sql`where ${where}` : sql``}
          order by ${sort.key} ${dir}, companies.id ${dir}
          limit ${limitInText(params.limit)} offset ${limitInText((params.page - 1) * params.limit)}`),
        countMatches(db, companies, where),
      ]);
      return {
        data: page.rows.map(toCompany),
        meta: { ...total, page: params.page, limit: params.limit },
      };
    },

    exportBatches: (params: CompanyListParams) => exportCompanies(db, params),

    get: (id: number) => readDetail(db, id),

    /** Changes a company's fields under its row lock; another company's name (as the index compares it) is 409. */
    patch: (id: number, body: PatchCompanyInput) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`select id from ${companies} where id = ${id} for update`);
        if (!rows.length) throw notFound(CUSTOMER_TEXT.companyNotFound);
        if (body.name !== undefined) {
          const { rows: taken } = await tx.execute(
            sql`select 1 from ${companies} where lower(btrim(name)) = lower(btrim(${body.name})) and id <> ${id}`,
          );
          if (taken.length) throw conflict(CUSTOMER_TEXT.companyNameTaken);
        }
        const set: Partial<typeof companies.$inferInsert> = {};
        if (body.name !== undefined) set.name = body.name;
        if (body.phone !== undefined) set.phone = body.phone;
        if (body.website !== undefined) set.website = body.website;
        if (body.address !== undefined) set.address = body.address;
        await tx
          .update(companies)
          .set({ ...set, updated_at: sql`now()` })
          .where(eq(companies.id, id));
        return readDetail(tx, id);
      }),

    // In a transaction of its own, so it records company.updated with it (ADR 0021).
    addNote: (id: number, body: string, author: NoteAuthor) =>
      db.transaction((tx) => addNote(tx, NOTE_PARENT, id, body, author)),

    /** Merges the company into another (company-merge.ts) and answers the survivor. */
    merge: (id: number, intoId: number) => {
      if (id === intoId) throw badRequest(CUSTOMER_TEXT.companyMergeSelf);
      return db.transaction(async (tx) => {
        await mergeCompanies(tx, id, intoId);
        return readDetail(tx, intoId);
      });
    },

    /** Deletes the company; its people stay, without one (company-merge.ts). */
    delete: (id: number) => db.transaction((tx) => deleteCompany(tx, id)),
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
