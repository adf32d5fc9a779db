import { and, eq, inArray, sql } from 'drizzle-orm';
import { buyerTexts } from '#domain/buyer-texts';
import {
  type CreateInquiryInput,
  canStaffMoveInquiry,
  DESK_TEXT,
  INQUIRY_MAIL,
  INQUIRY_TEXT,
  type PatchInquiryBody,
} from '#domain/inquiries';
import { describeOptions, optionsList, VARIANT_MESSAGES } from '#domain/variants';
import type { CompanyDetails } from '../../config';
import type { Db, Tx } from '../../db/client';
import { inquiries, inquiryEvents, inquiryLines, products, users } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import {
  chooseVariant,
  type LineVariant,
  lockInquiry,
  moveInquiry,
  priceLines,
  staffRecipient,
  storedOptions,
} from '../shared/desk';
import { customerSignature } from '../shared/seller';
import type { Locales } from '../translations';
import { readDetail, readOne } from './inquiry-read';

export type InquiriesDeps = {
  mailer: Pick<Mailer, 'enqueue' | 'deliveryOfQuotes'>;
  /** The staff app's origin, for links in notifications. */
  publicUrl: string;
  /** The seller, who signs the buyer's acknowledgement. */
  companyName: string;
  company: CompanyDetails;
  notifyEmail: string | undefined;
  /** The seller's time zone, in which each quote's validity ends. */
  timeZone: string;
  /** The shop's languages: a request is written in one of them, the buyer's. */
  locales: Locales;
};

/**
 * Stores a request and its basket in one transaction. Each line is copied as the visitor saw
 * it: the product's name, its variant's SKU and options and final price now, by the one pricing
 * rule. A product with several variants needs one named (400 naming the line's variant_id, as a
 * variant of another product does); a discontinued one is refused as a draft product is. A line naming a
 * product that is not published (a draft, deleted or unknown) refuses the whole request with
 * a 409 naming the line by its place, so nothing is ever silently dropped; the older single
 * `product_id` takes only a published product too (404 otherwise). The answers are the same
 * for a draft, a product in the trash and an id that never existed, and name no product: the
 * public form must not list what the shop does not show. Staff hear of a request by e-mail,
 * queued in the same transaction, so a request is never stored unannounced or announced unstored.
 */
export async function createInquiry(db: Db, deps: InquiriesDeps, input: CreateInquiryInput) {
  const requested = input.lines ?? [];
  // Judged before anything is written: a language the shop does not have is a 400 naming it.
  const locale = deps.locales.buyer(input.locale);
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
    // Every line is judged before anything is written: a bad variant is the visitor's mistake
    // (400), an unpublished product or a discontinued variant is the shop's change (409).
    const unavailable: Record<string, string> = {};
    const mistaken: Record<string, string> = {};
    const chosen: LineVariant[] = [];
    requested.forEach((line, i) => {
      const product = priced.get(line.product_id);
      if (product?.status !== 'published') {
        unavailable[`lines.${i}.product_id`] = INQUIRY_TEXT.lineUnavailable;
        return;
      }
      const variant = chooseVariant(product, line.variant_id, false);
      if ('refused' in variant) {
        if (variant.refused === VARIANT_MESSAGES.variantDiscontinued)
          unavailable[`lines.${i}.variant_id`] = variant.refused;
        else mistaken[`lines.${i}.variant_id`] = variant.refused;
        return;
      }
      // The same variant named once by its id and once left out (a product's only one).
      if (chosen.some((v) => v?.id === variant.id))
        mistaken[`lines.${i}.product_id`] = INQUIRY_TEXT.lineRepeated;
      chosen[i] = variant;
    });
    if (Object.keys(mistaken).length) throw badRequest(Object.values(mistaken)[0], mistaken);
    if (Object.keys(unavailable).length) throw new AppError(409, INQUIRY_TEXT.linesUnavailable, unavailable);
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
        locale,
      })
      .returning({ id: inquiries.id });
    if (requested.length)
      await tx.insert(inquiryLines).values(
        requested.map((line, position) => {
          const product = priced.get(line.product_id)!;
          const variant = chosen[position];
          return {
            inquiry_id: row.id,
            position,
            product_id: line.product_id,
            variant_id: variant.id,
            options: storedOptions(variant.options),
            name: product.name,
            sku: variant.sku,
            quantity: line.quantity,
            unit_price: variant.final.toFixed(2),
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
    // The buyer's acknowledgement, in the same transaction: sent for every stored request only,
    // in the buyer's language.
    const t = buyerTexts(locale, 'mail');
    const reference = inquiry.reference;
    const company = deps.companyName;
    await deps.mailer.enqueue(tx, {
      to: inquiry.email,
      subject: t('received.subject', { reference, company }),
      text: [
        t('received.hello'),
        '',
        t('received.thanks', { company, reference }),
        ...(inquiry.lines.length
          ? [
              '',
              t('received.askedAbout'),
              ...inquiry.lines.map(
                (l) =>
                  `- ${INQUIRY_MAIL.line(l.quantity, l.name, l.sku, describeOptions(optionsList(l.options)))}`,
              ),
            ]
          : []),
        '',
        t('received.reply'),
        t('received.follow', { url: `${deps.publicUrl}/account` }),
        '',
        t('received.ignore'),
        '',
        ...customerSignature(deps.companyName, deps.company, `${deps.publicUrl}/shop`),
      ].join('\n'),
      inquiry_id: inquiry.id,
      kind: 'request_received',
    });
    return inquiry;
  });
}

/**
 * Status, owner and close reason, each change recorded with its actor in the same
 * transaction. The request's row is locked first, so two staff moving it at once are taken
 * one after the other and the second is judged against the first's result.
 */
export async function patchInquiry(
  db: Db,
  deps: InquiriesDeps,
  id: number,
  body: PatchInquiryBody,
  actorId: number | null,
) {
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
    if (body.locale !== undefined && body.locale !== current.locale) {
      const locale = deps.locales.buyer(body.locale);
      await tx.update(inquiries).set({ locale }).where(eq(inquiries.id, id));
      await tx
        .insert(inquiryEvents)
        .values({ inquiry_id: id, actor_id: actorId, kind: 'locale', from: current.locale, to: locale });
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
    return readDetail(tx, deps.mailer, id, deps.timeZone);
  });
}

async function hasSentQuote(tx: Tx, inquiryId: number) {
  const { rows } = await tx.execute(
    sql`select 1 from quotes where inquiry_id = ${inquiryId} and version is not null limit 1`,
  );
  return rows.length > 0;
}
