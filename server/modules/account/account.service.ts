import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_TEXT,
  type AccountBasket,
  type AccountMe,
  type AccountOrder,
  type AccountOrderDetail,
  type AccountQuote,
  type AccountQuoteSummary,
  type AccountRequest,
  BUYER_TOKEN_PREFIX,
  isLinkToken,
} from '#domain/account';
import { thumbnailUrl } from '#domain/images';
import { type InquiryStatus, inquiryReference } from '#domain/inquiries';
import { toCents } from '#domain/money';
import { type OrderDetail, type OrderStatus, orderNumber } from '#domain/orders';
import type { ListMeta } from '#domain/paging';
import { describeOptions, optionsRecord } from '#domain/variants';
import type { CompanyDetails } from '../../config';
import type { Db } from '../../db/client';
import { accountLinks, accountSessions, products } from '../../db/schema';
import { AppError, notFound } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { chooseVariant, priceLines } from '../shared/desk';
import { readQuoteRows, toQuote } from '../shared/quote-read';
import { customerSignature } from '../shared/seller';

/**
 * The stored form of a link's or a session's secret. One SHA-256 is enough: each is 256 random
 * bits, so there is nothing to guess from the hash (ADR 0023, as API tokens in ADR 0019).
 */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(ACCOUNT_LIMITS.tokenBytes).toString('base64url');

/** The signed-in buyer as the portal's routes see them, read on every request. */
export type Buyer = {
  sessionId: number;
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company_id: number | null;
  company: string | null;
  sees_company: boolean;
};

export type AccountDeps = {
  mailer: Pick<Mailer, 'enqueue'>;
  /** An order as staff read it, and its PDF: the portal shows the buyer's part of it. */
  orders: {
    get: (id: number) => Promise<OrderDetail>;
    pdf: (order: OrderDetail) => Promise<Buffer>;
  };
  publicUrl: string;
  companyName: string;
  company: CompanyDetails;
  timeZone: string;
};

type Paging = { page?: number; limit?: number };
const paging = (p: Paging) => {
  const limit = p.limit ?? ACCOUNT_LIMITS.pageSize;
  const page = p.page ?? 1;
  return { limit, page, offset: (page - 1) * limit };
};
const meta = (total: number, p: { page: number; limit: number }): ListMeta => ({
  total,
  total_exact: true,
  page: p.page,
  limit: p.limit,
});
const iso = (v: string | Date) => new Date(v).toISOString();
const decimal = (v: string) => toCents(v) / 100;

/**
 * The survivor of an e-mail's customer: a customer merged into another leads to the one it
 * became, however many merges ago (a chain, bounded so a cycle could never loop).
 */
const survivorOf = (start: SQL, more?: SQL) => sql`
  with recursive chain(id, merged_into_id, depth) as (
    select id, merged_into_id, 0 from customers where ${start}
    union all
    select c.id, c.merged_into_id, chain.depth + 1 from customers c
      join chain on c.id = chain.merged_into_id where chain.depth < 32
  )
  select c.id, c.name, c.email, c.phone, c.company_id, co.name as company, c.sees_company${more ? sql`, ${more}` : sql``}
  from chain join customers c on c.id = chain.id left join companies co on co.id = c.company_id
  where chain.merged_into_id is null
  limit 1`;

type CustomerRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company_id: number | null;
  company: string | null;
  sees_company: boolean;
};

/**
 * The customers whose rows the buyer sees: themselves (and any customer merged into them), or,
 * granted "sees the company's", everyone of their company.
 */
const visible = (buyer: Buyer) =>
  buyer.sees_company && buyer.company_id !== null
    ? sql`(select id from customers where id = ${buyer.id} or merged_into_id = ${buyer.id} or company_id = ${buyer.company_id})`
    : sql`(select id from customers where id = ${buyer.id} or merged_into_id = ${buyer.id})`;

/** The portal's lists: each paged, newest first, of the customers the buyer sees. */
function accountLists(db: Db, timeZone: string) {
  async function page<T>(
    p: Paging,
    count: SQL,
    rows: (limit: number, offset: number) => Promise<T[]>,
  ): Promise<{ data: T[]; meta: ListMeta }> {
    const at = paging(p);
    const { rows: counted } = await db.execute<{ n: number }>(count);
    return { data: await rows(at.limit, at.offset), meta: meta(Number(counted[0]?.n ?? 0), at) };
  }

  return {
    requests: (buyer: Buyer, p: Paging) =>
      page<AccountRequest>(
        p,
        sql`select count(*)::int as n from inquiries where customer_id in ${visible(buyer)}`,
        async (limit, offset) => {
          const { rows } = await db.execute<{
            id: number;
            subject: string;
            status: InquiryStatus;
            created_at: string;
            name: string;
            email: string;
          }>(sql`
            select id, subject, status, created_at, name, email from inquiries
            where customer_id in ${visible(buyer)}
            order by created_at desc, id desc limit ${limit} offset ${offset}`);
          return rows.map((r) => ({
            id: r.id,
            reference: inquiryReference(r.id),
            subject: r.subject,
            status: r.status,
            created_at: iso(r.created_at),
            buyer: { name: r.name, email: r.email },
          }));
        },
      ),

    /** One row per request that has a sent quote: its latest version, newest sent first. */
    quotes: (buyer: Buyer, p: Paging) =>
      page<AccountQuoteSummary>(
        p,
        sql`select count(*)::int as n from inquiries i where i.customer_id in ${visible(buyer)}
          and exists (select 1 from quotes q where q.inquiry_id = i.id and q.status <> 'draft')`,
        async (limit, offset) => {
          const { rows: latest } = await db.execute<{
            quote_id: number;
            versions: number;
            subject: string;
            name: string;
            email: string;
          }>(sql`
            select l.id as quote_id, l.versions, i.subject, i.name, i.email
            from inquiries i
            cross join lateral (
              select q.id, q.sent_at, count(*) over ()::int as versions from quotes q
              where q.inquiry_id = i.id and q.status <> 'draft'
              order by q.version desc limit 1
            ) l
            where i.customer_id in ${visible(buyer)}
            order by l.sent_at desc, l.id desc limit ${limit} offset ${offset}`);
          if (latest.length === 0) return [];
          const quoteRows = await readQuoteRows(
            db,
            sql`q.id in (${sql.join(
              latest.map((l) => sql`${l.quote_id}`),
              sql`, `,
            )})`,
          );
          const byId = new Map(quoteRows.map((r) => [r.id, toQuote(r, null, timeZone)]));
          return latest.map((l) => {
            const q = byId.get(l.quote_id)!;
            return {
              id: q.id,
              inquiry_id: q.inquiry_id,
              reference: inquiryReference(q.inquiry_id),
              subject: l.subject,
              version: q.version ?? 1,
              versions: l.versions,
              // A sent quote past its day reads as expired before the job reaches it.
              status: q.status === 'sent' && q.expired ? 'expired' : q.status,
              total: q.total,
              currency: q.currency,
              sent_at: q.sent_at ?? q.created_at,
              valid_until: q.valid_until,
              buyer: { name: l.name, email: l.email },
            };
          });
        },
      ),

    orders: (buyer: Buyer, p: Paging) =>
      page<AccountOrder>(
        p,
        sql`select count(*)::int as n from orders where customer_id in ${visible(buyer)}`,
        async (limit, offset) => {
          const { rows } = await db.execute<{
            id: number;
            number: number;
            status: OrderStatus;
            total: string;
            currency: string;
            created_at: string;
            inquiry_id: number | null;
            customer_name: string;
            customer_email: string;
          }>(sql`
            select id, number, status, total::text as total, currency, created_at, inquiry_id,
              customer_name, customer_email
            from orders where customer_id in ${visible(buyer)}
            order by created_at desc, id desc limit ${limit} offset ${offset}`);
          return rows.map((r) => ({
            id: r.id,
            number: orderNumber(r.number),
            status: r.status,
            total: decimal(r.total),
            currency: r.currency,
            created_at: iso(r.created_at),
            reference: r.inquiry_id === null ? null : inquiryReference(r.inquiry_id),
            buyer: { name: r.customer_name, email: r.customer_email },
          }));
        },
      ),
  };
}

/** One quote's versions and its "Request again" basket, of a quote the buyer sees. */
function accountQuotes(db: Db, timeZone: string) {
  /** A request the buyer sees, with the quote ids of its sent versions; undefined when not theirs. */
  async function ownQuote(buyer: Buyer, quoteId: number) {
    const { rows } = await db.execute<{
      inquiry_id: number;
      subject: string;
      name: string;
      email: string;
    }>(sql`
      select i.id as inquiry_id, i.subject, i.name, i.email
      from quotes q join inquiries i on i.id = q.inquiry_id
      where q.id = ${quoteId} and q.status <> 'draft' and i.customer_id in ${visible(buyer)}`);
    return rows[0];
  }

  return {
    /** A quote the buyer sees, by any of its versions' ids: every sent version, newest first. */
    async quote(buyer: Buyer, quoteId: number): Promise<AccountQuote> {
      const own = await ownQuote(buyer, quoteId);
      if (!own) throw notFound(ACCOUNT_TEXT.notFound);
      const rows = await readQuoteRows(
        db,
        sql`q.inquiry_id = ${own.inquiry_id} and q.status <> 'draft'`,
        sql`q.version desc`,
      );
      const versions = rows.map((r) => toQuote(r, null, timeZone));
      return {
        id: quoteId,
        inquiry_id: own.inquiry_id,
        reference: inquiryReference(own.inquiry_id),
        subject: own.subject,
        buyer: { name: own.name, email: own.email },
        versions: versions.map((q, i) => ({
          id: q.id,
          version: q.version ?? 1,
          status: q.status === 'sent' && q.expired ? 'expired' : q.status,
          token: q.token ?? '',
          total: q.total,
          currency: q.currency,
          sent_at: q.sent_at ?? q.created_at,
          valid_until: q.valid_until,
          current: i === 0,
        })),
      };
    },

    /**
     * "Request again": the quote's products that the shop sells today, with today's price by the
     * one pricing rule and the quoted quantity; typed lines and products gone are named as skipped.
     */
    async basket(buyer: Buyer, quoteId: number): Promise<AccountBasket> {
      if (!(await ownQuote(buyer, quoteId))) throw notFound(ACCOUNT_TEXT.notFound);
      const [row] = await readQuoteRows(db, sql`q.id = ${quoteId}`);
      const lines = row.lines.map(([product_id, name, sku, quantity, , , , variant_id, options]) => ({
        product_id,
        name,
        sku,
        quantity,
        variant_id,
        options,
      }));
      const ids = [...new Set(lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id])))];
      const priced = ids.length ? await priceLines(db, ids) : new Map();
      const shown = ids.length
        ? await db
            .select({
              id: products.id,
              slug: products.slug,
              // Qualified by hand: drizzle writes a lone table's column unqualified, which inside
              // the subquery would name product_images' own id.
              image: sql<string | null>`(select pi.url from product_images pi
                where pi.product_id = products.id order by pi.position, pi.id limit 1)`,
            })
            .from(products)
            .where(and(inArray(products.id, ids), eq(products.status, 'published')))
        : [];
      const bySlug = new Map(shown.map((s) => [s.id, s]));
      const out: AccountBasket = { lines: [], skipped: [] };
      for (const l of lines) {
        const product = l.product_id === null ? undefined : bySlug.get(l.product_id);
        const price = l.product_id === null ? undefined : priced.get(l.product_id);
        // The variant quoted, as a new basket may take it: active, or the product's only one.
        const variant = price ? chooseVariant(price, l.variant_id, false) : undefined;
        if (!product || !variant || 'refused' in variant) {
          const options = describeOptions(l.options);
          out.skipped.push(options ? `${l.name}, ${options}` : l.name);
          continue;
        }
        const same = out.lines.find((x) => x.product_id === product.id && x.variant_id === variant.id);
        if (same) same.quantity += l.quantity;
        else
          out.lines.push({
            product_id: product.id,
            variant_id: variant.id,
            options: optionsRecord(variant.options),
            slug: product.slug,
            name: price!.name,
            sku: variant.sku,
            image: thumbnailUrl(product.image),
            price: variant.final,
            quantity: l.quantity,
          });
      }
      return out;
    },
  };
}

/** An order the buyer sees, read whole; 404 when it is not theirs, as for an id that names nothing. */
async function ownOrder(db: Db, deps: AccountDeps, buyer: Buyer, orderId: number): Promise<OrderDetail> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from orders where id = ${orderId} and customer_id in ${visible(buyer)}`,
  );
  if (!rows[0]) throw notFound(ACCOUNT_TEXT.notFound);
  return deps.orders.get(orderId);
}

/** The buyer's view of an order: its lines and totals as confirmed, and its status now. */
const toAccountOrder = (o: OrderDetail): AccountOrderDetail => ({
  id: o.id,
  number: o.number,
  status: o.status,
  total: o.total,
  currency: o.currency,
  created_at: o.created_at,
  reference: o.inquiry_id === null ? null : o.reference,
  buyer: { name: o.customer_name, email: o.customer_email },
  quote_version: o.quote_version,
  signed_by: o.signed_by,
  po_number: o.po_number,
  company: o.customer_company,
  billing_address: o.billing_address,
  shipping_address: o.shipping_address,
  lines: o.lines,
  subtotal: o.subtotal,
  shipping: o.shipping,
  shipping_label: o.shipping_label,
  tax_rate: o.tax_rate,
  tax: o.tax,
});

export function createAccountService(db: Db, deps: AccountDeps) {
  const lists = accountLists(db, deps.timeZone);
  const quotes = accountQuotes(db, deps.timeZone);
  /** Links being written after their 202 went out; the app's close waits for them. */
  const pending = new Set<Promise<void>>();

  async function findCustomer(email: string): Promise<CustomerRow | undefined> {
    const { rows } = await db.execute<CustomerRow>(survivorOf(sql`lower(email) = lower(${email})`));
    return rows[0];
  }

  /** Writes the link and queues its e-mail in one transaction: the e-mail goes only if the link exists. */
  async function writeLink(email: string): Promise<void> {
    const customer = await findCustomer(email);
    // The secret is made and hashed whoever asks, so both paths do the same work up to here.
    const secret = newSecret();
    const hash = hashSecret(secret);
    if (!customer) return;
    await db.transaction(async (tx) => {
      await tx.insert(accountLinks).values({
        customer_id: customer.id,
        token_hash: hash,
        expires_at: sql`now() + make_interval(mins => ${ACCOUNT_LIMITS.linkMinutes})`,
      });
      const link = `${deps.publicUrl}/account/login?token=${secret}`;
      await deps.mailer.enqueue(tx, {
        to: customer.email,
        subject: ACCOUNT_TEXT.mailSubject(deps.companyName),
        text: [
          ACCOUNT_TEXT.mailBody(customer.name, link, deps.companyName),
          ...customerSignature(deps.companyName, deps.company, `${deps.publicUrl}/shop`),
        ].join('\n'),
        kind: 'account_login',
      });
    });
  }

  return {
    /**
     * Starts writing a sign-in link for the address, if it names a customer, and returns at once:
     * the caller's answer never waits for the lookup, so its time says nothing about the address.
     */
    requestLink(email: string, onError: (err: unknown) => void): void {
      const work = writeLink(email).catch(onError);
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    /** Waits for the links being written (the app's close; tests). */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /**
     * Exchanges a link for a session. The link is taken by one conditional update, so of two
     * exchanges at once only one finds it unused; a used, expired, unknown or malformed link is
     * refused alike.
     */
    async startSession(token: string): Promise<{ token: string; expires_at: string }> {
      if (!isLinkToken(token)) throw new AppError(400, ACCOUNT_TEXT.linkInvalid);
      return db.transaction(async (tx) => {
        const [link] = await tx
          .update(accountLinks)
          .set({ used_at: sql`now()` })
          .where(
            and(
              eq(accountLinks.token_hash, hashSecret(token)),
              sql`${accountLinks.used_at} is null`,
              sql`${accountLinks.expires_at} > now()`,
            ),
          )
          .returning({ customer_id: accountLinks.customer_id });
        if (!link) throw new AppError(400, ACCOUNT_TEXT.linkInvalid);
        const { rows } = await tx.execute<CustomerRow>(survivorOf(sql`id = ${link.customer_id}`));
        if (!rows[0]) throw new AppError(400, ACCOUNT_TEXT.linkInvalid);
        const secret = BUYER_TOKEN_PREFIX + newSecret();
        const [session] = await tx
          .insert(accountSessions)
          .values({
            customer_id: rows[0].id,
            token_hash: hashSecret(secret),
            expires_at: sql`now() + make_interval(days => ${ACCOUNT_LIMITS.sessionDays})`,
          })
          .returning({ expires_at: accountSessions.expires_at });
        return { token: secret, expires_at: session.expires_at.toISOString() };
      });
    },

    /**
     * The buyer a session token names, read now: their company and "sees the company's" as staff
     * set them at this moment. Null for anything else (unknown, ended, expired).
     */
    async authenticate(token: string): Promise<Buyer | null> {
      // The session and its customer's survivor in one statement: every portal request asks.
      const session = sql`(select id, customer_id from account_sessions
        where token_hash = ${hashSecret(token)} and expires_at > now())`;
      const { rows } = await db.execute<CustomerRow & { session_id: number }>(
        survivorOf(
          sql`id = (select customer_id from ${session} s)`,
          sql`(select id from ${session} s) as session_id`,
        ),
      );
      if (!rows[0]) return null;
      const { session_id, ...customer } = rows[0];
      return { sessionId: session_id, ...customer };
    },

    async logout(buyer: Buyer): Promise<void> {
      await db.delete(accountSessions).where(eq(accountSessions.id, buyer.sessionId));
    },

    me: (buyer: Buyer): AccountMe => ({
      name: buyer.name,
      email: buyer.email,
      phone: buyer.phone,
      company: buyer.company,
      sees_company: buyer.sees_company && buyer.company_id !== null,
    }),

    ...lists,
    ...quotes,

    /** One order the buyer sees. */
    order: async (buyer: Buyer, orderId: number) => toAccountOrder(await ownOrder(db, deps, buyer, orderId)),

    /** The PDF of an order the buyer sees, with the name its confirmation's attachment has. */
    async orderPdf(buyer: Buyer, orderId: number) {
      const order = await ownOrder(db, deps, buyer, orderId);
      return { filename: `order-${order.number}.pdf`, pdf: await deps.orders.pdf(order) };
    },
    /** Links and sessions past their time, removed by the hourly housekeeping. */
    async prune(): Promise<void> {
      await db.execute(sql`delete from account_links where expires_at < now() - interval '1 day'`);
      await db.execute(sql`delete from account_sessions where expires_at < now()`);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
