import { eq, inArray, sql } from 'drizzle-orm';
import { INQUIRY_TEXT, type Inquiry, type InquirySortKey } from '../../../domain/inquiries';
import type { ListParams } from '../../../domain/paging';
import type { Db } from '../../db/client';
import { pageWithTotal, type SortColumns } from '../../db/query/counting';
import { containsAny } from '../../db/query/search';
import { inquiries, products } from '../../db/schema';
import { AppError, notFound } from '../../errors/app-error';

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
  created_at: inquiries.created_at,
  product_id: products.id,
  product_name: products.name,
  product_slug: products.slug,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] } & {
  product_id: number | null;
  product_name: string | null;
  product_slug: string | null;
};

const toInquiry = (r: Row): Inquiry => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  created_at: r.created_at.toISOString(),
  product: r.product_id !== null ? { id: r.product_id, name: r.product_name!, slug: r.product_slug! } : null,
});

export function createInquiriesService(db: Db) {
  return {
    async create(input: {
      name: string;
      email: string;
      phone: string | null;
      subject: string;
      message: string;
      product_id?: number | null;
    }) {
      if (input.product_id) {
        const [p] = await db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, input.product_id));
        if (!p)
          throw new AppError(404, INQUIRY_TEXT.productNotFound, { product_id: INQUIRY_TEXT.productNotFound });
      }
      const [row] = await db
        .insert(inquiries)
        .values({ ...input, product_id: input.product_id ?? null })
        .returning({ id: inquiries.id });
      return this.get(row.id);
    },

    async get(id: number): Promise<Inquiry> {
      const [row] = await db
        .select(columns)
        .from(inquiries)
        .leftJoin(products, eq(products.id, inquiries.product_id))
        .where(eq(inquiries.id, id));
      if (!row) throw notFound(INQUIRY_TEXT.notFound);
      return toInquiry(row as Row);
    },

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
