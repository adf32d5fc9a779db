import { eq, inArray, sql } from 'drizzle-orm';
import {
  type CreateInquiryInput,
  INQUIRY_TEXT,
  type Inquiry,
  type InquiryLine,
  type InquirySortKey,
  inquiryReference,
} from '#domain/inquiries';
import { toCents } from '#domain/money';
import type { ListParams } from '#domain/paging';
import type { Db } from '../../db/client';
import { pageWithTotal, type SortColumns } from '../../db/query/counting';
import { containsAny } from '../../db/query/search';
import { categories, inquiries, inquiryLines, products } from '../../db/schema';
import { AppError, notFound } from '../../errors/app-error';
import { type PricingJson, priceByColumn, productPricing } from '../discounts/pricing.sql';

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
});

type Reader = Pick<Db, 'select'>;

async function readOne(db: Reader, id: number): Promise<Inquiry> {
  const [row] = await db
    .select(columns)
    .from(inquiries)
    .leftJoin(products, eq(products.id, inquiries.product_id))
    .where(eq(inquiries.id, id));
  if (!row) throw notFound(INQUIRY_TEXT.notFound);
  return toInquiry(row as Row);
}

/** Name, SKU, status and today's final price of each product named, by the one pricing rule. */
async function priceLines(db: Reader, ids: number[]) {
  const now = new Date();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      status: products.status,
      mrp: products.mrp,
      brand_id: products.brand_id,
      pricing: productPricing('products', 'categories', now),
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.category_id))
    .where(inArray(products.id, ids));
  return new Map(
    rows.map((r) => {
      const { price } = priceByColumn(r, r.pricing as PricingJson, now);
      return [r.id, { name: r.name, sku: r.sku, status: r.status, final: price.final }];
    }),
  );
}

export function createInquiriesService(db: Db) {
  return {
    /**
     * Stores a request and its basket in one transaction. Each line is copied as the visitor saw
     * it: the product's name, SKU and final price now, by the one pricing rule. A line naming a
     * product that is not published (a draft, deleted or unknown) refuses the whole request with
     * a 409 naming the line, so nothing is ever silently dropped.
     */
    async create(input: CreateInquiryInput) {
      if (input.product_id) {
        const [p] = await db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, input.product_id));
        if (!p)
          throw new AppError(404, INQUIRY_TEXT.productNotFound, { product_id: INQUIRY_TEXT.productNotFound });
      }
      const requested = input.lines ?? [];
      return db.transaction(async (tx) => {
        const priced = requested.length
          ? await priceLines(
              tx,
              requested.map((l) => l.product_id),
            )
          : new Map();
        const unavailable: Record<string, string> = {};
        requested.forEach((line, i) => {
          const product = priced.get(line.product_id);
          if (product?.status !== 'published')
            unavailable[`lines.${i}.product_id`] = INQUIRY_TEXT.lineUnavailable(
              product?.name ?? `Product ${line.product_id}`,
            );
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
        return readOne(tx, row.id);
      });
    },

    get: (id: number) => readOne(db, id),

    /** Search covers name, email, phone and subject (SPEC.md §2 Inquiries). */
    async list(params: ListParams<InquirySortKey>) {
      const where = params.q
        ? await containsAny(
            db,
            inquiries,
            [inquiries.name, inquiries.email, inquiries.phone, inquiries.subject],
            params.q,
          )
        : undefined;
      // The total and the page from one statement (pageWithTotal).
      const { rows, meta } = await pageWithTotal(
        db,
        { table: inquiries, id: inquiries.id, where, sortColumns: SORT_COLUMNS, params, idsFirst: true },
        (scope) =>
          // Only the page's rows are joined to their products (PageScope.ids).
          scope.db
            .select({ ...columns, total: scope.total })
            .from(inquiries)
            .leftJoin(products, eq(products.id, inquiries.product_id))
            .where(inArray(inquiries.id, scope.ids()))
            .orderBy(...scope.order),
      );
      return { data: rows.map((r) => toInquiry(r as Row)), meta };
    },

    async remove(id: number) {
      const [row] = await db.delete(inquiries).where(eq(inquiries.id, id)).returning({ id: inquiries.id });
      if (!row) throw notFound(INQUIRY_TEXT.notFound);
    },
  };
}

export type InquiriesService = ReturnType<typeof createInquiriesService>;
