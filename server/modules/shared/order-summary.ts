import { desc, eq } from 'drizzle-orm';
import { type OrderSummary, orderNumber } from '#domain/orders';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

type Reader = Pick<Db, 'select'>;

/**
 * What a request's detail and a quote's page say of the order: its number and status. A request
 * can have more than one over its life (accepted, closed, reopened, accepted again): its newest.
 */
export async function orderOfInquiry(db: Reader, inquiryId: number): Promise<OrderSummary | null> {
  const [row] = await db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(eq(orders.inquiry_id, inquiryId))
    .orderBy(desc(orders.id))
    .limit(1);
  return row ? { number: orderNumber(row.number), status: row.status } : null;
}

/** The order an accepted quote became, or null. */
export async function orderOfQuote(db: Reader, quoteId: number): Promise<OrderSummary | null> {
  const [row] = await db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(eq(orders.quote_id, quoteId));
  return row ? { number: orderNumber(row.number), status: row.status } : null;
}
