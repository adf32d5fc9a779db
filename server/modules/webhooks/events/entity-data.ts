import { inArray, sql } from 'drizzle-orm';
import type { WebhookQuote } from '#domain/webhook-payloads';
import type { Db } from '../../../db/client';
import { companies, customers, inquiries, products } from '../../../db/schema';
import type { Mailer } from '../../../mail/mailer';
import { readCompanyDetail as readCompany, readCustomerDetail as readCustomer } from '../../customers';
import { type InquiryRow, selectInquiries, toInquiry } from '../../inquiries';
import { readPriceLists } from '../../price-lists';
import { type BaseRow, selectBase, toBase, withVariantSets } from '../../products';
import { readQuoteRows, toQuote } from '../../shared/quote-read';
import { intArray } from '../../shared/trash-move';
import type { LoggedEntity } from './logged-changes';

export type EntityReaderDeps = {
  mailer: Pick<Mailer, 'deliveryOfQuotes'>;
  /** The seller's time zone, in which a quote's validity ends. */
  timeZone: string;
};

/**
 * Each entity as its API answers with it (a product as the editor's save returns it, a request
 * as the desk's list, a quote as the desk's quote routes, a customer or a company as its page, a
 * price list as GET /api/price-lists/{id}),
 * many at once: one read per type, but a customer's or company's page is read one by one.
 */
export function entityReaders(deps: EntityReaderDeps) {
  const readers: Record<
    LoggedEntity,
    (tx: Pick<Db, 'select' | 'execute'>, ids: number[]) => Promise<Map<number, unknown>>
  > = {
    async product(tx, ids) {
      const rows = await selectBase(tx).where(inArray(products.id, ids));
      const full = await withVariantSets(
        tx,
        rows.map((r) => toBase(r as BaseRow)),
      );
      return new Map(full.map((p) => [p.id, p]));
    },
    async inquiry(tx, ids) {
      const rows = await selectInquiries(tx).where(inArray(inquiries.id, ids));
      return new Map(rows.map((r) => [r.id, toInquiry(r as InquiryRow)]));
    },
    async quote(tx, ids) {
      const rows = await readQuoteRows(tx, sql`q.id = any(${intArray(ids)})`);
      const sent = rows.filter((r) => r.status !== 'draft').map((r) => r.id);
      const delivery = sent.length ? await deps.mailer.deliveryOfQuotes(tx, sent) : new Map();
      // Without its token: the customer's page is the customer's (WEBHOOK_EVENT_DATA).
      return new Map<number, WebhookQuote>(
        rows.map((r) => {
          const { token: _secret, ...quote } = toQuote(r, delivery.get(r.id) ?? null, deps.timeZone);
          return [r.id, quote];
        }),
      );
    },
    customer: (tx, ids) => oneByOne(tx, ids, customers, readCustomer),
    company: (tx, ids) => oneByOne(tx, ids, companies, readCompany),
    async price_list(tx, ids) {
      return new Map((await readPriceLists(tx, ids)).map((l) => [l.id, l]));
    },
  };
  return readers;
}

/**
 * Reads each of the ids still there with the page's own reader (its requests, orders and notes
 * are lists of their own, so there is no one statement for many). Few change together: a
 * merge's two customers, a request's new customer and company.
 */
async function oneByOne<T>(
  tx: Pick<Db, 'select' | 'execute'>,
  ids: number[],
  table: typeof customers | typeof companies,
  read: (tx: Pick<Db, 'select' | 'execute'>, id: number) => Promise<T>,
) {
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const out = new Map<number, unknown>();
  for (const { id } of found) out.set(id, await read(tx, id));
  return out;
}
