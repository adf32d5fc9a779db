import type { InquiryLine } from '#domain/inquiries';
import { toCents } from '#domain/money';

export type QuoteTotals = { lines: bigint[]; total: bigint };

/**
 * Each line's price × quantity and their sum, in integer cents. BigInt because the largest price
 * times the largest quantity already passes what a number holds to the cent.
 */
export function quoteTotals(lines: readonly Pick<InquiryLine, 'quantity' | 'unit_price'>[]): QuoteTotals {
  const each = lines.map((line) => BigInt(toCents(line.unit_price)) * BigInt(line.quantity));
  return { lines: each, total: each.reduce((sum, cents) => sum + cents, 0n) };
}
