import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { INQUIRY_TEXT, inquiryReference } from '#domain/inquiries';
import { toCents } from '#domain/money';
import {
  COMPANY_LOGO_PATH,
  defaultValidUntil,
  isExpired,
  type PublicQuote,
  QUOTE_TEXT,
  type Quote,
  type QuoteAnswer,
  type QuoteInput,
  quoteTokenParam,
  type Seller,
} from '#domain/quotes';
import type { CompanyDetails } from '../../config';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inquiries, inquiryLines, products, quoteLines, quotes } from '../../db/schema';
import { conflict, notFound } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { checkInquiryMove, lockInquiry, moveInquiry, priceLines, staffRecipient } from '../shared/desk';
import {
  type QuoteRow,
  quoteExpired,
  REQUEST_AFTER,
  readQuoteRows,
  toPublicQuote,
  toQuote,
} from '../shared/quote-read';
import type { renderQuotePdf } from './pdf';

export type QuotesDeps = {
  mailer: Pick<Mailer, 'enqueue' | 'deliveryOfQuotes'>;
  renderPdf: typeof renderQuotePdf;
  publicUrl: string;
  companyName: string;
  /** The business's contact details and logo, on the customer's page and in the PDF. */
  company: CompanyDetails;
  currency: string;
  notifyEmail: string | undefined;
};

/** The customer's key to a sent quote's page: 192 random bits, never derived from the id. */
const newToken = () => randomBytes(24).toString('base64url');

const ANSWER_WORDS: Record<QuoteAnswer, string> = {
  accepted: 'accepted',
  declined: 'declined',
  changes_requested: 'asked for changes to',
};

export type AnswerInput =
  | { kind: 'accepted'; name: string }
  | { kind: 'declined'; reason: string | null }
  | { kind: 'changes_requested'; message: string };

export function createQuotesService(db: Db, deps: QuotesDeps) {
  const { company } = deps;
  const seller: Seller = {
    name: deps.companyName,
    address: company.address ?? null,
    email: company.email ?? null,
    phone: company.phone ?? null,
    // The file's hash in the address: a new logo is a new URL, so the old one may be cached long.
    logo_url: company.logo ? `${COMPANY_LOGO_PATH}?v=${company.logo.etag.slice(1, 13)}` : null,
  };
  const pdfSeller = {
    address: company.address,
    email: company.email,
    phone: company.phone,
    logo: company.logo?.bytes,
    shopUrl: `${deps.publicUrl}/shop`,
  };
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  /** The company's name and contact details, closing an e-mail to the customer. */
  const signature = [
    deps.companyName,
    ...(company.address ? [company.address] : []),
    ...[company.email, company.phone].filter((v): v is string => !!v),
    `${deps.publicUrl}/shop`,
  ];

  /** The quote's PDF, as sent and as its customer downloads it (signed, once accepted). */
  async function pdfOf(reader: Db | Tx, quote: Quote) {
    const [customer] = await reader
      .select({ name: inquiries.name, email: inquiries.email, company: inquiries.company })
      .from(inquiries)
      .where(eq(inquiries.id, quote.inquiry_id));
    const reference = inquiryReference(quote.inquiry_id);
    const pdf = await deps.renderPdf({
      companyName: deps.companyName,
      seller: pdfSeller,
      reference,
      customer,
      quote,
    });
    return { pdf, customer, reference, filename: `quote-${reference}-v${quote.version}.pdf` };
  }

  async function readOne(reader: Db | Tx, id: number): Promise<Quote> {
    const [row] = await readQuoteRows(reader, sql`q.id = ${id}`);
    if (!row) throw notFound(QUOTE_TEXT.notFound);
    const delivery =
      row.status === 'draft' ? new Map() : await deps.mailer.deliveryOfQuotes(reader as Db, [row.id]);
    return toQuote(row, delivery.get(row.id) ?? null);
  }

  /**
   * The quote's request, then the quote, each locked until the transaction ends. Every write
   * that touches both takes them in this order (the request first), so two of them never wait
   * on each other: a send superseding a version while its customer answers it, say.
   */
  async function lockBoth(tx: Tx, where: ReturnType<typeof sql>) {
    const { rows } = await tx.execute<{ inquiry_id: number }>(
      sql`select inquiry_id from quotes where ${where}`,
    );
    if (!rows[0]) return undefined;
    const inquiry = await lockInquiry(tx, rows[0].inquiry_id);
    const quote = await lockQuote(tx, where);
    return quote && inquiry ? { quote, inquiry } : undefined;
  }

  /** The quote's row, locked until the transaction ends. */
  async function lockQuote(tx: Tx, where: ReturnType<typeof sql>) {
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

  async function writeLines(
    tx: Tx,
    quoteId: number,
    lines: Omit<QuoteInput['lines'][number], 'catalogue_price'>[],
  ) {
    await tx.delete(quoteLines).where(eq(quoteLines.quote_id, quoteId));
    // Each linked line's catalogue price now, kept beside its unit price (which staff may change).
    const ids = [...new Set(lines.map((l) => l.product_id).filter((v): v is number => v !== null))];
    const priced = ids.length ? await priceLines(tx, ids) : new Map<number, { final: number }>();
    if (lines.length)
      await tx.insert(quoteLines).values(
        lines.map((l, position) => ({
          quote_id: quoteId,
          position,
          // The product a line was priced from is a link, not part of the quote: one deleted
          // meanwhile (or never there) leaves the line with its name and price and no link.
          product_id:
            l.product_id === null
              ? null
              : sql<number>`(select id from ${products} where id = ${l.product_id})`,
          name: l.name,
          sku: l.sku,
          quantity: l.quantity,
          unit_price: l.unit_price.toFixed(2),
          discount_percent: l.discount_percent.toFixed(2),
          catalogue_price:
            l.product_id === null ? null : (priced.get(l.product_id)?.final.toFixed(2) ?? null),
        })),
      );
  }

  /** A draft can be written only while no other exists for its request (quotes_one_draft_key). */
  const draftRace = (err: unknown) => {
    if (isUniqueViolation(err, 'quotes_one_draft_key')) throw conflict(QUOTE_TEXT.draftExists);
    throw err;
  };

  /** The lines a new quote starts from: the basket priced today, or the one product asked about. */
  async function startingLines(tx: Tx, inquiryId: number) {
    const basket = await tx
      .select()
      .from(inquiryLines)
      .where(eq(inquiryLines.inquiry_id, inquiryId))
      .orderBy(inquiryLines.position);
    const [inquiry] = await tx
      .select({ product_id: inquiries.product_id })
      .from(inquiries)
      .where(eq(inquiries.id, inquiryId));
    const ids = basket.length
      ? basket.map((l) => l.product_id).filter((v): v is number => v !== null)
      : inquiry.product_id
        ? [inquiry.product_id]
        : [];
    const priced = ids.length ? await priceLines(tx, ids) : new Map();
    if (basket.length)
      return basket.map((l) => {
        const today = l.product_id !== null ? priced.get(l.product_id) : undefined;
        // A product deleted since keeps the name and price the request stored.
        return {
          product_id: today ? l.product_id : null,
          name: l.name,
          sku: l.sku,
          quantity: l.quantity,
          unit_price: today ? toCents(today.final.toFixed(2)) / 100 : toCents(l.unit_price) / 100,
          discount_percent: 0,
        };
      });
    const product = inquiry.product_id !== null ? priced.get(inquiry.product_id) : undefined;
    if (!product) return [];
    return [
      {
        product_id: inquiry.product_id,
        name: product.name,
        sku: product.sku,
        quantity: 1,
        unit_price: toCents(product.final.toFixed(2)) / 100,
        discount_percent: 0,
      },
    ];
  }

  async function notifyStaff(
    tx: Tx,
    quote: { id: number; inquiry_id: number; version: number | null },
    kind: QuoteAnswer,
    detail: string | null,
  ) {
    const inquiry = await lockInquiry(tx, quote.inquiry_id);
    const to = staffRecipient(inquiry.owner_email, deps.notifyEmail);
    if (!to) return;
    const reference = inquiryReference(inquiry.id);
    await deps.mailer.enqueue(tx, {
      to,
      subject: `${reference}: the customer ${ANSWER_WORDS[kind]} quote v${quote.version}`,
      text: [
        `${inquiry.name} <${inquiry.email}> ${ANSWER_WORDS[kind]} version ${quote.version} of the quote for ${reference}.`,
        ...(detail ? ['', detail] : []),
        '',
        `Open it: ${deps.publicUrl}/inquiries?selected=${inquiry.id}`,
      ].join('\n'),
      // Linked to the request alone: a quote's delivery is its customer e-mail's (deliveryOfQuotes
      // reads a quote's latest message), which this note to staff must not stand in for.
      inquiry_id: inquiry.id,
      kind: 'quote_answered',
    });
  }

  return {
    get: (id: number) => readOne(db, id),

    /** A draft for a request, its lines started from what was asked for; one draft at a time. */
    async create(inquiryId: number, actorId: number) {
      return db
        .transaction(async (tx) => {
          const inquiry = await lockInquiry(tx, inquiryId);
          if (!inquiry) throw notFound(INQUIRY_TEXT.notFound);
          const [draft] = await tx
            .select({ id: quotes.id })
            .from(quotes)
            .where(and(eq(quotes.inquiry_id, inquiryId), eq(quotes.status, 'draft')));
          if (draft) throw conflict(QUOTE_TEXT.draftExists);
          const [row] = await tx
            .insert(quotes)
            .values({
              inquiry_id: inquiryId,
              currency: deps.currency,
              valid_until: defaultValidUntil(),
              created_by: actorId,
            })
            .returning({ id: quotes.id });
          await writeLines(tx, row.id, await startingLines(tx, inquiryId));
          return readOne(tx, row.id);
        })
        .catch(draftRace);
    },

    /** Replaces a draft's content; a sent quote is frozen (revise it instead). */
    async update(id: number, input: QuoteInput) {
      return db.transaction(async (tx) => {
        const quote = await lockQuote(tx, sql`id = ${id}`);
        if (!quote) throw notFound(QUOTE_TEXT.notFound);
        if (quote.status !== 'draft') throw conflict(QUOTE_TEXT.notDraft);
        await tx
          .update(quotes)
          .set({
            shipping: input.shipping.toFixed(2),
            shipping_label: input.shipping_label,
            tax_rate: input.tax_rate.toFixed(2),
            valid_until: input.valid_until ?? defaultValidUntil(),
            note: input.note,
            terms: input.terms,
          })
          .where(eq(quotes.id, id));
        await writeLines(tx, id, input.lines);
        return readOne(tx, id);
      });
    },

    async remove(id: number) {
      await db.transaction(async (tx) => {
        const quote = await lockQuote(tx, sql`id = ${id}`);
        if (!quote) throw notFound(QUOTE_TEXT.notFound);
        if (quote.status !== 'draft') throw conflict(QUOTE_TEXT.notDraft);
        await tx.delete(quotes).where(eq(quotes.id, id));
      });
    },

    /**
     * Sends a draft: the request's next version, a token, the time; an earlier version still
     * unanswered is superseded; the request moves to quoted; the customer's e-mail, with the PDF,
     * is queued in the same transaction, so it goes out exactly when the quote is sent.
     */
    async send(id: number, actorId: number) {
      return db.transaction(async (tx) => {
        // The request's row is the lock that numbers its versions one at a time.
        const locked = await lockBoth(tx, sql`id = ${id}`);
        if (!locked) throw notFound(QUOTE_TEXT.notFound);
        const { quote, inquiry } = locked;
        if (quote.status !== 'draft') throw conflict(QUOTE_TEXT.notDraft);
        // An accepted or declined request takes no new version (nor a closed one, until reopened).
        checkInquiryMove(inquiry.status, 'quoted');
        const [{ lines }] = (
          await tx.execute<{ lines: number }>(
            sql`select count(*)::int as lines from quote_lines where quote_id = ${id}`,
          )
        ).rows;
        if (lines === 0) throw conflict(QUOTE_TEXT.noLines);
        if (isExpired(quote.valid_until)) throw conflict(QUOTE_TEXT.expired);
        const { rows } = await tx.execute<{ next: number }>(
          sql`select coalesce(max(version), 0) + 1 as next from quotes where inquiry_id = ${quote.inquiry_id}`,
        );
        const version = rows[0].next;
        const token = newToken();
        await tx
          .update(quotes)
          .set({ status: 'superseded' })
          .where(and(eq(quotes.inquiry_id, quote.inquiry_id), eq(quotes.status, 'sent')));
        await tx
          .update(quotes)
          .set({ status: 'sent', version, token, sent_at: sql`now()` })
          .where(eq(quotes.id, id));
        if (inquiry.status !== 'quoted')
          await moveInquiry(tx, { inquiryId: inquiry.id, from: inquiry.status, to: 'quoted', actorId });
        const [sent] = await readQuoteRows(tx, sql`q.id = ${id}`);
        const full = toQuote(sent, null);
        const { pdf, customer, reference, filename } = await pdfOf(tx, full);
        await deps.mailer.enqueue(tx, {
          to: customer.email,
          subject: `Your quote ${reference} (version ${version}) from ${deps.companyName}`,
          text: [
            `Hello ${customer.name},`,
            '',
            `Here is our quote for your request ${reference}, version ${version}.`,
            `Total: ${money(full.total, full.currency)}`,
            `Valid until: ${full.valid_until}`,
            '',
            `See it, accept it, decline it or ask for changes here: ${deps.publicUrl}/quote/${token}`,
            '',
            `The quote is attached as a PDF.`,
            '',
            ...signature,
          ].join('\n'),
          attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
          inquiry_id: inquiry.id,
          quote_id: id,
          kind: 'quote_sent',
        });
        return readOne(tx, id);
      });
    },

    /** A new draft from a sent quote (or one the customer asked to change), copying its content. */
    async revise(id: number, actorId: number) {
      return db
        .transaction(async (tx) => {
          const locked = await lockBoth(tx, sql`id = ${id}`);
          if (!locked) throw notFound(QUOTE_TEXT.notFound);
          const source = locked.quote;
          if (source.status !== 'sent' && source.status !== 'changes_requested')
            throw conflict(QUOTE_TEXT.notSent);
          const [draft] = await tx
            .select({ id: quotes.id })
            .from(quotes)
            .where(and(eq(quotes.inquiry_id, source.inquiry_id), eq(quotes.status, 'draft')));
          if (draft) throw conflict(QUOTE_TEXT.draftExists);
          const fresh = defaultValidUntil();
          const { rows } = await tx.execute<{ id: number }>(sql`
            insert into quotes (inquiry_id, currency, shipping, shipping_label, tax_rate, valid_until, note,
              terms, created_by, revised_from)
            select inquiry_id, currency, shipping, shipping_label, tax_rate,
              greatest(valid_until, ${fresh}::date), note, terms, ${actorId}::int, id
            from quotes where id = ${id}
            returning id`);
          const newId = rows[0].id;
          await tx.execute(sql`
            insert into quote_lines (quote_id, position, product_id, name, sku, quantity, unit_price,
              discount_percent, catalogue_price)
            select ${newId}::int, l.position, p.id, l.name, l.sku, l.quantity, l.unit_price,
              l.discount_percent, l.catalogue_price
            from quote_lines l left join ${products} p on p.id = l.product_id
            where l.quote_id = ${id}`);
          return readOne(tx, newId);
        })
        .catch(draftRace);
    },

    /** The customer's page: a sent version by its token; a draft or an unknown token is not found. */
    async publicQuote(token: string): Promise<PublicQuote> {
      if (!quoteTokenParam.safeParse({ token }).success) throw notFound(QUOTE_TEXT.notFound);
      const [row] = await readQuoteRows(db, sql`q.token = ${token} and q.status <> 'draft'`);
      if (!row) throw notFound(QUOTE_TEXT.notFound);
      return toPublicQuote(row, await aboutOf(db, row.inquiry_id));
    },

    /** The customer's PDF of a sent version, by its token: signed once accepted. */
    async publicPdf(token: string) {
      if (!quoteTokenParam.safeParse({ token }).success) throw notFound(QUOTE_TEXT.notFound);
      const [row] = await readQuoteRows(db, sql`q.token = ${token} and q.status <> 'draft'`);
      if (!row) throw notFound(QUOTE_TEXT.notFound);
      const { pdf, filename } = await pdfOf(db, toQuote(row, null));
      return { pdf, filename };
    },

    /**
     * The customer's answer, taken once: the quote's row is locked, so of two answers at once
     * the second sees the first's result. Records the time and the client's address, moves the
     * request, writes its history (no staff actor) and tells the owner (or NOTIFY_EMAIL).
     */
    async answer(token: string, input: AnswerInput, address: string): Promise<PublicQuote> {
      if (!quoteTokenParam.safeParse({ token }).success) throw notFound(QUOTE_TEXT.notFound);
      return db.transaction(async (tx) => {
        const locked = await lockBoth(tx, sql`token = ${token} and status <> 'draft'`);
        if (!locked) throw notFound(QUOTE_TEXT.notFound);
        const { quote, inquiry } = locked;
        if (quote.status === 'superseded') throw conflict(QUOTE_TEXT.superseded);
        if (quote.status !== 'sent') throw conflict(QUOTE_TEXT.alreadyAnswered);
        if (quoteExpired(quote)) throw conflict(QUOTE_TEXT.expired);
        // The request may have moved on at the desk since the quote went out (reopened, closed).
        const to = REQUEST_AFTER[input.kind];
        checkInquiryMove(inquiry.status, to, QUOTE_TEXT.notAnswerable);
        const name = input.kind === 'accepted' ? input.name : null;
        const message =
          input.kind === 'declined'
            ? input.reason
            : input.kind === 'changes_requested'
              ? input.message
              : null;
        await tx
          .update(quotes)
          .set({
            status: input.kind,
            answered_at: sql`now()`,
            answer_kind: input.kind,
            answer_name: name,
            answer_message: message,
            answer_address: address,
          })
          .where(eq(quotes.id, quote.id));
        if (inquiry.status !== to)
          await moveInquiry(tx, {
            inquiryId: inquiry.id,
            from: inquiry.status,
            to,
            actorId: null,
            refusal: QUOTE_TEXT.notAnswerable,
          });
        await notifyStaff(
          tx,
          quote,
          input.kind,
          input.kind === 'accepted' ? `Signed: ${input.name}` : message ? `Their words: ${message}` : null,
        );
        const [row] = await readQuoteRows(tx, sql`q.id = ${quote.id}`);
        if (input.kind === 'accepted') await confirmAcceptance(tx, toQuote(row, null), token);
        return toPublicQuote(row, await aboutOf(tx, quote.inquiry_id));
      });
    },
  };

  async function aboutOf(reader: Db | Tx, inquiryId: number) {
    const [inquiry] = await reader
      .select({ id: inquiries.id, name: inquiries.name, status: inquiries.status })
      .from(inquiries)
      .where(eq(inquiries.id, inquiryId));
    return {
      reference: inquiryReference(inquiry.id),
      company: deps.companyName,
      customer: inquiry.name,
      seller,
      requestStatus: inquiry.status,
    };
  }

  /**
   * The customer's confirmation of an acceptance, with the signed PDF, queued in the acceptance's
   * own transaction: it goes out exactly when the acceptance stands.
   */
  async function confirmAcceptance(tx: Tx, quote: Quote, token: string) {
    const { pdf, customer, reference, filename } = await pdfOf(tx, quote);
    const signer = quote.answer?.name ?? customer.name;
    await deps.mailer.enqueue(tx, {
      to: customer.email,
      subject: `You accepted quote ${reference} (version ${quote.version}) from ${deps.companyName}`,
      text: [
        `Hello ${customer.name},`,
        '',
        `Thank you: quote ${reference}, version ${quote.version}, was accepted and signed by ${signer}.`,
        `Total: ${money(quote.total, quote.currency)}`,
        '',
        'The signed quote is attached as a PDF. We will be in touch about the next steps.',
        `The quote stays here: ${deps.publicUrl}/quote/${token}`,
        '',
        ...signature,
      ].join('\n'),
      attachments: [
        { filename: filename.replace(/\.pdf$/, '-signed.pdf'), content: pdf, contentType: 'application/pdf' },
      ],
      // Linked to the request alone, like the note to staff: a quote's delivery stays its sending's.
      inquiry_id: quote.inquiry_id,
      kind: 'quote_accepted',
    });
  }
}

export type QuotesService = ReturnType<typeof createQuotesService>;
