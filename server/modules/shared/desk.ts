import { eq, inArray, sql } from 'drizzle-orm';
import { type CloseReason, canMoveInquiry, DESK_TEXT, type InquiryStatus } from '#domain/inquiries';
import { type LineOptions, VARIANT_MESSAGES, type VariantStatus } from '#domain/variants';
import type { Db, Tx } from '../../db/client';
import { categories, inquiries, inquiryEvents, products, users } from '../../db/schema';
import { conflict } from '../../errors/app-error';
import { type PricingJson, priceByColumn, productPricing } from './pricing.sql';
import { optionsJson, optionsOf, variantsJson } from './variants.sql';

type Reader = Pick<Db, 'select'>;

/** A product's variant as a line copies it: its SKU, its options in their order, its final price today. */
export type LineVariant = {
  id: number;
  sku: string | null;
  status: VariantStatus;
  options: LineOptions;
  final: number;
};

/**
 * Name, SKU, status and today's final price of each product named, by the one pricing rule, with
 * each of its variants priced by the same rule: the variant's price, the product's best discount.
 */
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
      options: optionsJson('products'),
      variants: variantsJson('products'),
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.category_id))
    .where(inArray(products.id, ids));
  return new Map(
    rows.map((r) => {
      const pricing = r.pricing as PricingJson;
      const { price } = priceByColumn(r, pricing, now);
      const variants = r.variants.map(
        ([id, sku, mrp, status, , , values]): LineVariant => ({
          id,
          sku,
          status,
          options: optionsOf(r.options, values),
          final: priceByColumn({ id: r.id, mrp, brand_id: r.brand_id }, pricing, now).price.final,
        }),
      );
      const product = { name: r.name, sku: r.sku, status: r.status, final: price.final, variants };
      return [r.id, product];
    }),
  );
}

/** A product as priceLines answers it. */
export type PricedProduct = Awaited<ReturnType<typeof priceLines>> extends Map<number, infer P> ? P : never;

/** Options as a line stores them: none is null, as on the lines from before variants. */
export const storedOptions = (options: LineOptions | null | undefined) => (options?.length ? options : null);

/** Why a line's variant cannot be taken, as the field's message says it. */
export type VariantRefusal =
  | typeof VARIANT_MESSAGES.variantRequired
  | typeof VARIANT_MESSAGES.variantOfAnotherProduct
  | typeof VARIANT_MESSAGES.variantDiscontinued;

/**
 * The variant a product line is for: the one named, which must be the product's and active
 * (unless `kept`: staff may keep a discontinued one a line already had), or, when
 * none is named, the product's only variant. A product with several needs one named.
 */
export function chooseVariant(
  product: { variants: LineVariant[] },
  variantId: number | null | undefined,
  /** The line already had the variant named, so a discontinued one is kept. */
  kept: boolean,
): LineVariant | { refused: VariantRefusal } {
  let variant: LineVariant | undefined;
  if (variantId === null || variantId === undefined) {
    if (product.variants.length !== 1) return { refused: VARIANT_MESSAGES.variantRequired };
    variant = product.variants[0];
  } else {
    variant = product.variants.find((v) => v.id === variantId);
    if (!variant) return { refused: VARIANT_MESSAGES.variantOfAnotherProduct };
  }
  if (variant.status !== 'active' && !kept) return { refused: VARIANT_MESSAGES.variantDiscontinued };
  return variant;
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
    locale: string;
  }>(sql`select i.id, i.status, i.owner_id, i.close_reason, i.name, i.email, i.locale,
      (select u.email from ${users} u where u.id = i.owner_id) as owner_email
    from ${inquiries} i where i.id = ${id} for update of i`);
  return rows[0];
}

/** Who hears of a request's news: its owner, else NOTIFY_EMAIL; nobody when neither is set. */
export const staffRecipient = (ownerEmail: string | null | undefined, notifyEmail: string | undefined) =>
  ownerEmail ?? notifyEmail ?? null;
