import { eq, inArray, sql } from 'drizzle-orm';
import { type CloseReason, canMoveInquiry, DESK_TEXT, type InquiryStatus } from '#domain/inquiries';
import type { Db, Tx } from '../../db/client';
import { categories, inquiries, inquiryEvents, products, users } from '../../db/schema';
import { conflict } from '../../errors/app-error';
import { type PricingJson, priceByColumn, productPricing } from './pricing.sql';

type Reader = Pick<Db, 'select'>;

/** Name, SKU, status and today's final price of each product named, by the one pricing rule. */
export async function priceLines(db: Reader, ids: number[]) {
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

/**
 * The one check of a status change: a move INQUIRY_MOVES does not allow is a 409, whoever asks
 * (staff on the desk, a quote being sent, the customer answering). `refusal` gives the words the
 * asker understands; by default the desk's, naming both statuses.
 */
export function checkInquiryMove(from: InquiryStatus, to: InquiryStatus, refusal?: string) {
  if (!canMoveInquiry(from, to))
    throw conflict(refusal ?? DESK_TEXT.moveForbidden(DESK_TEXT.status[from], DESK_TEXT.status[to]));
}

/**
 * Moves a request to another status and records it in its history, in the caller's transaction,
 * after checkInquiryMove: every status change goes through here, so none skips the check. `from`
 * is the status read under lockInquiry. `actorId` null: the customer or the system moved it.
 * Leaving `closed` clears the reason.
 */
export async function moveInquiry(
  tx: Tx,
  move: {
    inquiryId: number;
    from: InquiryStatus;
    to: InquiryStatus;
    actorId: number | null;
    closeReason?: CloseReason | null;
    refusal?: string;
  },
) {
  checkInquiryMove(move.from, move.to, move.refusal);
  const reason = move.to === 'closed' ? (move.closeReason ?? null) : null;
  await tx
    .update(inquiries)
    .set({ status: move.to, close_reason: reason })
    .where(eq(inquiries.id, move.inquiryId));
  await tx.insert(inquiryEvents).values({
    inquiry_id: move.inquiryId,
    actor_id: move.actorId,
    kind: 'status',
    from: move.from,
    to: move.to,
    close_reason: reason,
  });
}

/** A request's status and owner, locked until the transaction ends, so moves are taken one at a time. */
export async function lockInquiry(tx: Tx, id: number) {
  const { rows } = await tx.execute<{
    id: number;
    status: InquiryStatus;
    owner_id: number | null;
    close_reason: CloseReason | null;
    name: string;
    email: string;
    owner_email: string | null;
  }>(sql`select i.id, i.status, i.owner_id, i.close_reason, i.name, i.email,
      (select u.email from ${users} u where u.id = i.owner_id) as owner_email
    from ${inquiries} i where i.id = ${id} for update of i`);
  return rows[0];
}

/** Who hears of a request's news: its owner, else NOTIFY_EMAIL; nobody when neither is set. */
export const staffRecipient = (ownerEmail: string | null | undefined, notifyEmail: string | undefined) =>
  ownerEmail ?? notifyEmail ?? null;
