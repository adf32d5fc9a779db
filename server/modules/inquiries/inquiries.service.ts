import { and, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { PAGING } from '#domain/constants';
import {
  type CloseReason,
  type CreateInquiryInput,
  canStaffMoveInquiry,
  DESK_TEXT,
  INQUIRY_STATUSES,
  INQUIRY_TEXT,
  type Inquiry,
  type InquiryDetail,
  type InquiryLine,
  type InquirySortKey,
  type InquiryStatus,
  inquiryReference,
  type PatchInquiryBody,
  parseInquiryReference,
} from '#domain/inquiries';
import { bigCentsToDecimal, toCents } from '#domain/money';
import type { ListParams } from '#domain/paging';
import type { Db, Tx } from '../../db/client';
import { pageWithTotal, type SortColumns } from '../../db/query/counting';
import { containsAnyOf } from '../../db/query/search';
import { limitInText } from '../../db/query/sql';
import { keysetBatches } from '../../db/query/stream';
import {
  inquiries,
  inquiryEvents,
  inquiryLines,
  inquiryNotes,
  inquiryStatusCounts,
  products,
  users,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { lockInquiry, moveInquiry, priceLines, staffRecipient } from '../shared/desk';
import { readQuoteRows, toQuote } from '../shared/quote-read';

/** Lines matched by a SKU search up to which their requests are listed by id (searchOf). */
export const SKU_LINES_LISTED = 1000;

const SORT_COLUMNS: SortColumns<InquirySortKey> = {
  created_at: inquiries.created_at,
  name: sql`lower(${inquiries.name})`,
  email: inquiries.email,
};

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
  owner_id: users.id,
  owner_name: users.name,
  product_id: products.id,
  product_name: products.name,
  product_slug: products.slug,
  // The basket in the row's own statement, as arrays in position order: a page of requests
  // costs no query more than it did without baskets. The slug is today's, not stored with the
  // line, so staff open the product where it lives now.
  lines: sql<LineRow[]>`coalesce((
    select json_agg(json_build_array(l.product_id, l.name, l.sku, l.quantity, l.unit_price::text, p.slug)
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
];

const toLine = ([product_id, name, sku, quantity, unit_price, product_slug]: LineRow): InquiryLine => ({
  product_id,
  product_slug,
  name,
  sku,
  quantity,
  unit_price: toCents(unit_price) / 100,
});

type ColumnsOfTable = Omit<typeof columns, 'lines'>;
type Row = { [K in keyof ColumnsOfTable]: ColumnsOfTable[K]['_']['data'] } & {
  lines: LineRow[];
  product_id: number | null;
  product_name: string | null;
  product_slug: string | null;
  owner_id: number | null;
  owner_name: string | null;
};

const toInquiry = (r: Row): Inquiry => ({
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
});

type Reader = Pick<Db, 'select'>;

/** The request's own row with its product and owner: the page's statement and the detail's share it. */
const selectInquiries = <E extends Record<string, SQL>>(db: Reader, extra: E = {} as E) =>
  db
    .select({ ...columns, ...extra })
    .from(inquiries)
    .leftJoin(products, eq(products.id, inquiries.product_id))
    .leftJoin(users, eq(users.id, inquiries.owner_id));

async function readOne(db: Reader, id: number): Promise<Inquiry> {
  const [row] = await selectInquiries(db).where(eq(inquiries.id, id));
  if (!row) throw notFound(INQUIRY_TEXT.notFound);
  return toInquiry(row as Row);
}

/** The inbox's filters (besides the search), as SQL; `status` apart, since the counts leave it out. */
function filtersOf(params: ListParams<InquirySortKey>, callerId: number) {
  const { status, owner, from, to } = params.filters;
  const others: SQL[] = [];
  if (owner === 'me') others.push(eq(inquiries.owner_id, callerId));
  else if (owner === 'nobody') others.push(isNull(inquiries.owner_id));
  else if (owner) others.push(eq(inquiries.owner_id, Number(owner)));
  // Whole days in UTC, both ends included: from the first day's midnight to the midnight after the last.
  if (from) others.push(gte(inquiries.created_at, sql`(${from}::date)::timestamp at time zone 'UTC'`));
  if (to) others.push(lt(inquiries.created_at, sql`(${to}::date + 1)::timestamp at time zone 'UTC'`));
  return {
    status: status ? eq(inquiries.status, status as InquiryStatus) : undefined,
    others,
  };
}

const allOf = (parts: (SQL | undefined)[]) => {
  const kept = parts.filter((p): p is SQL => p !== undefined);
  return kept.length ? and(...kept) : undefined;
};

/**
 * Counts per status over the list's other filters, as a JSON object (statuses with none are
 * absent). The whole inbox's come from inquiry_status_counts (migration 0027). A search's are
 * counted per status up to the list's cap, as its total is: a broad term matches most of the
 * inbox, and counting every match on each keystroke scanned it all. The desk's other filters are
 * index ranges, counted exactly.
 */
const countsOf = (where: SQL | undefined, searched: boolean) => {
  if (!where)
    return sql<Record<string, number>>`(select coalesce(json_object_agg(c.status, c.n), '{}'::json)
      from ${inquiryStatusCounts} c where c.n > 0)`;
  if (searched)
    return sql<Record<string, number>>`json_build_object(${sql.join(
      INQUIRY_STATUSES.map(
        (s) => sql`${s}::text, (select count(*)::int from (select 1 from ${inquiries}
          where ${inquiries.status} = ${s} and ${where} limit ${limitInText(PAGING.exactCountCap + 1)}) capped)`,
      ),
      sql`, `,
    )})`;
  return sql<Record<string, number>>`(select coalesce(json_object_agg(c.status, c.n), '{}'::json)
    from (select ${inquiries.status} as status, count(*)::int as n from ${inquiries}
      where ${where} group by ${inquiries.status}) c)`;
};

/** Whether counts are exact: a search's stop past the cap. */
const countsExact = (counts: Record<string, number>) =>
  Object.values(counts).every((n) => n <= PAGING.exactCountCap);

const everyStatus = (found: Record<string, number> | undefined) =>
  Object.fromEntries(INQUIRY_STATUSES.map((s) => [s, found?.[s] ?? 0])) as Record<InquiryStatus, number>;

export const CSV_COLUMNS = [
  'reference',
  'created_at',
  'status',
  'owner',
  'name',
  'email',
  'phone',
  'company',
  'subject',
  'lines',
  'basket_value',
  'close_reason',
  'message',
  /** The names of the request's lines (its basket), in order. */
  'products',
] as const;

/** How the products cell joins the names of a request's lines. */
export const LINE_NAME_SEPARATOR = '; ';

type ExportRow = {
  id: number;
  sort_key: string;
  created_at: Date;
  status: string;
  owner: string | null;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  subject: string;
  lines: number;
  basket_cents: string;
  close_reason: string | null;
  message: string;
  products: string | null;
};

export type InquiriesDeps = {
  mailer: Pick<Mailer, 'enqueue' | 'deliveryOfQuotes'>;
  /** The staff app's origin, for links in notifications. */
  publicUrl: string;
  notifyEmail: string | undefined;
};

export function createInquiriesService(db: Db, deps: InquiriesDeps) {
  /**
   * The inbox's one search, behind the list, its counts per status and its CSV (and so the
   * palette, which asks the list): a request is found by its reference however it is typed
   * (parseInquiryReference), by a substring of its name, e-mail, phone, subject or company
   * (trigram indexes on the request's row, read together), or by a substring of a SKU in its
   * basket.
   *
   * The lines are another table, and a condition reaching into them is judged request by
   * request, so it would keep the row's own indexes from answering. So the lines holding the term
   * are found first, through their SKU index: when they are few, their requests' ids join the
   * search as a list of constants (an index lookup, and a hashed check on every row a sort walk
   * meets); when they are many the term is broad, a sort walk meets its matches at once, and each
   * row met checks its own few lines by their index.
   */
  async function searchOf(term: string): Promise<SQL> {
    const [own, sku] = await containsAnyOf(
      db,
      [
        {
          table: inquiries,
          columns: [inquiries.name, inquiries.email, inquiries.phone, inquiries.subject, inquiries.company],
        },
        { table: inquiryLines, columns: [inquiryLines.sku] },
      ],
      term,
    );
    const { rows } = await db.execute<{ inquiry_id: number }>(
      sql`select ${inquiryLines.inquiry_id} as inquiry_id from ${inquiryLines} where ${sku}
        limit ${limitInText(SKU_LINES_LISTED + 1)}`,
    );
    const byLines =
      rows.length === 0
        ? undefined
        : rows.length <= SKU_LINES_LISTED
          ? inArray(inquiries.id, [...new Set(rows.map((r) => r.inquiry_id))])
          : // OFFSET 0 keeps the check per row: hashed, it would first read every matching line.
            sql`exists (select 1 from ${inquiryLines}
              where ${inquiryLines.inquiry_id} = ${inquiries.id} and ${sku} offset 0)`;
    const referenced = parseInquiryReference(term);
    return or(referenced === null ? undefined : eq(inquiries.id, referenced), own, byLines) as SQL;
  }

  /** The where clauses of a list: the search, the status and the other filters. */
  async function listWhere(params: ListParams<InquirySortKey>, callerId: number) {
    const search = params.q ? await searchOf(params.q) : undefined;
    const { status, others } = filtersOf(params, callerId);
    return {
      where: allOf([search, status, ...others]),
      countsWhere: allOf([search, ...others]),
      searched: search !== undefined,
    };
  }

  async function detail(reader: Db | Tx, id: number): Promise<InquiryDetail> {
    const [row] = await selectInquiries(reader, {
      notes: sql`coalesce((select json_agg(json_build_object('id', n.id, 'body', n.body,
          'author_id', n.author_id, 'author_name', a.name, 'created_at', n.created_at) order by n.id desc)
        from ${inquiryNotes} n left join ${users} a on a.id = n.author_id
        where n.inquiry_id = ${inquiries.id}), '[]'::json)`,
      history: sql`coalesce((select json_agg(json_build_object('id', e.id, 'at', e.at,
          'actor_id', e.actor_id, 'actor_name', a.name, 'kind', e.kind, 'from', e."from", 'to', e."to",
          'close_reason', e.close_reason) order by e.id)
        from ${inquiryEvents} e left join ${users} a on a.id = e.actor_id
        where e.inquiry_id = ${inquiries.id}), '[]'::json)`,
    }).where(eq(inquiries.id, id));
    if (!row) throw notFound(INQUIRY_TEXT.notFound);
    const quoteRows = await readQuoteRows(reader, sql`q.inquiry_id = ${id}`, sql`q.id desc`);
    const sent = quoteRows.filter((q) => q.status !== 'draft').map((q) => q.id);
    const delivery = sent.length ? await deps.mailer.deliveryOfQuotes(reader as Db, sent) : new Map();
    type NoteJson = {
      id: number;
      body: string;
      author_id: number | null;
      author_name: string | null;
      created_at: string;
    };
    type EventJson = {
      id: number;
      at: string;
      actor_id: number | null;
      actor_name: string | null;
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
        created_at: new Date(n.created_at).toISOString(),
      })),
      history: r.history.map((e) => ({
        id: e.id,
        at: new Date(e.at).toISOString(),
        actor: e.actor_id !== null ? { id: e.actor_id, name: e.actor_name ?? '' } : null,
        kind: e.kind,
        from: e.from,
        to: e.to,
        close_reason: e.close_reason,
      })),
      quotes: quoteRows.map((q) => toQuote(q, delivery.get(q.id) ?? null)),
    };
  }

  return {
    /**
     * Stores a request and its basket in one transaction. Each line is copied as the visitor saw
     * it: the product's name, SKU and final price now, by the one pricing rule. A line naming a
     * product that is not published (a draft, deleted or unknown) refuses the whole request with
     * a 409 naming the line by its place, so nothing is ever silently dropped; the older single
     * `product_id` takes only a published product too (404 otherwise). The answers are the same
     * for a draft, a product in the trash and an id that never existed, and name no product: the
     * public form must not list what the shop does not show. Staff hear of a request by e-mail,
     * queued in the same transaction, so a request is never stored unannounced or announced unstored.
     */
    async create(input: CreateInquiryInput) {
      const requested = input.lines ?? [];
      return db.transaction(async (tx) => {
        if (input.product_id) {
          const [p] = await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, input.product_id), eq(products.status, 'published')));
          if (!p)
            throw new AppError(404, INQUIRY_TEXT.productNotFound, {
              product_id: INQUIRY_TEXT.productNotFound,
            });
        }
        const priced = requested.length
          ? await priceLines(
              tx,
              requested.map((l) => l.product_id),
            )
          : new Map();
        const unavailable: Record<string, string> = {};
        requested.forEach((line, i) => {
          if (priced.get(line.product_id)?.status !== 'published')
            unavailable[`lines.${i}.product_id`] = INQUIRY_TEXT.lineUnavailable;
        });
        if (Object.keys(unavailable).length)
          throw new AppError(409, INQUIRY_TEXT.linesUnavailable, unavailable);
        const [row] = await tx
          .insert(inquiries)
          .values({
            name: input.name,
            email: input.email,
            phone: input.phone,
            subject: input.subject,
            message: input.message,
            company: input.company ?? null,
            product_id: input.product_id ?? null,
          })
          .returning({ id: inquiries.id });
        if (requested.length)
          await tx.insert(inquiryLines).values(
            requested.map((line, position) => {
              const product = priced.get(line.product_id)!;
              return {
                inquiry_id: row.id,
                position,
                product_id: line.product_id,
                name: product.name,
                sku: product.sku,
                quantity: line.quantity,
                unit_price: product.final.toFixed(2),
              };
            }),
          );
        const inquiry = await readOne(tx, row.id);
        // A new request has no owner yet; the rule is kept general for when one is set at once.
        const to = staffRecipient(null, deps.notifyEmail);
        if (to) {
          const link = `${deps.publicUrl}/inquiries?selected=${inquiry.id}`;
          await deps.mailer.enqueue(tx, {
            to,
            subject: `New quote request ${inquiry.reference}: ${inquiry.subject}`,
            text: [
              `A new quote request has arrived: ${inquiry.reference}.`,
              '',
              `From: ${inquiry.name} <${inquiry.email}>${inquiry.company ? `, ${inquiry.company}` : ''}`,
              `Subject: ${inquiry.subject}`,
              `Products: ${inquiry.lines.length}`,
              '',
              `Open it: ${link}`,
            ].join('\n'),
            inquiry_id: inquiry.id,
            kind: 'request_arrived',
          });
        }
        return inquiry;
      });
    },

    get: (id: number) => detail(db, id),

    /** Search finds a request by reference, name, email, phone, subject, company or a line's SKU (searchOf); filters by status, owner and days. */
    async list(params: ListParams<InquirySortKey>, callerId: number) {
      const { where, countsWhere, searched } = await listWhere(params, callerId);
      // The total, the page, the owners' names and the counts per status from one statement
      // (pageWithTotal); the counts ride along as an uncorrelated subquery, run once.
      const { rows, meta } = await pageWithTotal(
        db,
        // A search finds its page's ids first (PageScope.ids); the desk's filters are plain index
        // ranges, read with their count in one statement.
        {
          table: inquiries,
          id: inquiries.id,
          where,
          sortColumns: SORT_COLUMNS,
          params,
          idsFirst: params.q !== '',
        },
        (scope) =>
          // Only the page's rows are joined to their products and owners (PageScope.ids).
          selectInquiries(scope.db, { total: scope.total, counts: countsOf(countsWhere, searched) })
            .where(inArray(inquiries.id, scope.ids()))
            .orderBy(...scope.order),
      );
      let counts = (rows[0] as { counts?: Record<string, number> } | undefined)?.counts;
      if (!rows.length) {
        const { rows: found } = await db.execute<{ counts: Record<string, number> }>(
          sql`select ${countsOf(countsWhere, searched)} as counts`,
        );
        counts = found[0].counts;
      }
      return {
        data: rows.map((r) => toInquiry(r as unknown as Row)),
        meta,
        counts: everyStatus(counts),
        counts_exact: countsExact(counts ?? {}),
      };
    },

    /**
     * The list's matches as CSV records (CSV_COLUMNS), in the list's order, in keyset batches
     * (db/query/stream.ts): memory stays flat and the connection is free between batches.
     */
    async *exportBatches(params: ListParams<InquirySortKey>, callerId: number) {
      const { where } = await listWhere(params, callerId);
      const order = {
        key: SORT_COLUMNS[params.sortBy],
        type: params.sortBy === 'created_at' ? 'timestamptz' : 'text',
        id: inquiries.id,
        order: params.order,
      } as const;
      const batches = keysetBatches<ExportRow>(order, async (batch) => {
        const filters = allOf([where, batch.after]);
        const { rows } = await db.execute<ExportRow>(sql`select ${inquiries.id} as id,
            ${batch.sortKey} as sort_key, ${inquiries.created_at} as created_at,
            ${inquiries.status} as status, (select u.name from ${users} u where u.id = ${inquiries.owner_id}) as owner,
            ${inquiries.name} as name, ${inquiries.email} as email, ${inquiries.phone} as phone,
            ${inquiries.company} as company, ${inquiries.subject} as subject,
            (select count(*)::int from ${inquiryLines} l where l.inquiry_id = ${inquiries.id}) as lines,
            (select coalesce(sum(l.quantity * l.unit_price * 100), 0)::bigint::text from ${inquiryLines} l
              where l.inquiry_id = ${inquiries.id}) as basket_cents,
            ${inquiries.close_reason} as close_reason, ${inquiries.message} as message,
            (select string_agg(l.name, ${LINE_NAME_SEPARATOR} order by l.position) from ${inquiryLines} l
              where l.inquiry_id = ${inquiries.id}) as products
          from ${inquiries} ${filters ? sql`where ${filters}` : sql``}
          order by ${batch.orderBy} limit ${batch.limit}`);
        return rows;
      });
      for await (const rows of batches)
        yield rows.map((r) => [
          inquiryReference(r.id),
          new Date(r.created_at).toISOString(),
          r.status,
          r.owner,
          r.name,
          r.email,
          r.phone,
          r.company,
          r.subject,
          r.lines,
          bigCentsToDecimal(BigInt(r.basket_cents)),
          r.close_reason,
          r.message,
          r.products,
        ]);
    },

    /**
     * Status, owner and close reason, each change recorded with its actor in the same
     * transaction. The request's row is locked first, so two staff moving it at once are taken
     * one after the other and the second is judged against the first's result.
     */
    async patch(id: number, body: PatchInquiryBody, actorId: number) {
      return db.transaction(async (tx) => {
        const current = await lockInquiry(tx, id);
        if (!current) throw notFound(INQUIRY_TEXT.notFound);
        if (body.owner_id !== undefined && body.owner_id !== current.owner_id) {
          const names = await tx
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(
              inArray(
                users.id,
                [body.owner_id, current.owner_id].filter((v): v is number => v !== null),
              ),
            );
          const nameOf = (userId: number | null) => names.find((u) => u.id === userId)?.name ?? null;
          if (body.owner_id !== null && !names.some((u) => u.id === body.owner_id))
            throw badRequest(DESK_TEXT.ownerNotFound, { owner_id: DESK_TEXT.ownerNotFound });
          await tx.update(inquiries).set({ owner_id: body.owner_id }).where(eq(inquiries.id, id));
          await tx.insert(inquiryEvents).values({
            inquiry_id: id,
            actor_id: actorId,
            kind: 'owner',
            // Names as they were, so the history reads the same after a user is renamed or goes.
            from: nameOf(current.owner_id),
            to: nameOf(body.owner_id),
          });
        }
        const to = body.status;
        const reasonChanged =
          to === 'closed' && current.status === 'closed' && body.close_reason !== current.close_reason;
        if (to !== undefined && (to !== current.status || reasonChanged)) {
          if ((to === 'quoted' || to === 'accepted' || to === 'declined') && !(await hasSentQuote(tx, id)))
            throw conflict(DESK_TEXT.quoteNeeded);
          // Staff never mark a request quoted by hand: sending a quote does (and checks the move).
          if (!canStaffMoveInquiry(current.status, to))
            throw conflict(DESK_TEXT.moveForbidden(DESK_TEXT.status[current.status], DESK_TEXT.status[to]));
          await moveInquiry(tx, {
            inquiryId: id,
            from: current.status,
            to,
            actorId,
            closeReason: body.close_reason,
          });
        }
        return detail(tx, id);
      });
    },

    /** A staff note; the author is the caller. */
    async addNote(id: number, body: string, author: { id: number; name: string }) {
      const [exists] = await db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, id));
      if (!exists) throw notFound(INQUIRY_TEXT.notFound);
      const [row] = await db
        .insert(inquiryNotes)
        .values({ inquiry_id: id, author_id: author.id, body })
        .returning({ id: inquiryNotes.id, created_at: inquiryNotes.created_at });
      return {
        id: row.id,
        body,
        author: { id: author.id, name: author.name },
        created_at: row.created_at.toISOString(),
      };
    },

    async remove(id: number) {
      const [row] = await db.delete(inquiries).where(eq(inquiries.id, id)).returning({ id: inquiries.id });
      if (!row) throw notFound(INQUIRY_TEXT.notFound);
    },
  };
}

async function hasSentQuote(tx: Tx, inquiryId: number) {
  const { rows } = await tx.execute(
    sql`select 1 from quotes where inquiry_id = ${inquiryId} and version is not null limit 1`,
  );
  return rows.length > 0;
}

export type InquiriesService = ReturnType<typeof createInquiriesService>;
