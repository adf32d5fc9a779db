import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lockInquiry } from '../shared/desk';
import type { QuoteRow } from '../shared/quote-read';

/** The quote's row, locked until the transaction ends. */
export async function lockQuote(tx: Tx, where: ReturnType<typeof sql>) {
  const { rows } = await tx.execute<{
    id: number;
    inquiry_id: number;
    status: QuoteRow['status'];
    valid_until: string;
    version: number | null;
  }>(sql`select id, inquiry_id, status, to_char(valid_until, 'YYYY-MM-DD') as valid_until, version
    from quotes where ${where} for update`);
  return rows[0];
}

/**
 * The quote's request, then the quote, each locked until the transaction ends. Every write
 * that touches both takes them in this order (the request first), so two of them never wait
 * on each other: a send superseding a version while its customer answers it, say.
 */
export async function lockBoth(tx: Tx, where: ReturnType<typeof sql>) {
  const { rows } = await tx.execute<{ inquiry_id: number }>(
    sql`select inquiry_id from quotes where ${where}`,
  );
  if (!rows[0]) return undefined;
  const inquiry = await lockInquiry(tx, rows[0].inquiry_id);
  const quote = await lockQuote(tx, where);
  return quote && inquiry ? { quote, inquiry } : undefined;
}
