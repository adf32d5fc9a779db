import { eq, sql } from 'drizzle-orm';
import { inquiryReference } from '#domain/inquiries';
import { formatMoney } from '#domain/money';
import type { AcceptField, AcceptOrderInput } from '#domain/orders';
import { COMPANY_LOGO_PATH, QUOTE_TEXT, type Quote, type Seller } from '#domain/quotes';
import type { CompanyDetails } from '../../config';
import type { Db, Tx } from '../../db/client';
import { inquiries } from '../../db/schema';
import { notFound } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import { readQuoteRows, toQuote } from '../shared/quote-read';
import { customerSignature, pdfSellerOf } from '../shared/seller';
import type { Locales } from '../translations';
import type { WebhookEventInput } from '../webhooks';
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
  /** The acceptance form's fields the customer must fill (a setting staff choose). */
  acceptRequired: (reader: Pick<Db, 'select'>) => Promise<AcceptField[]>;
  /**
   * Writes the order an acceptance makes, in its transaction (the orders service, wired by
   * services.ts: quotes import no other module).
   */
  createOrder: (
    tx: Tx,
    quote: Quote,
    input: AcceptOrderInput & { signed_by: string; token: string },
  ) => Promise<void>;
  /** The seller's time zone: a quote is valid through the end of its valid_until day there. */
  timeZone: string;
  /** The shop's languages; without them a request's stored language is taken as it is. */
  locales?: Locales;
  /** Days before expiry the customer is reminded; 0 sends none. */
  reminderDays: number;
  /**
   * Records webhook events in the caller's transaction (the webhooks module, wired by services.ts):
   * an approval step changes no status, so the change log raises none for it.
   */
  recordEvents?: (tx: Tx, events: WebhookEventInput[]) => Promise<unknown>;
};

/**
 * What every quote operation reads from: the database, the service's dependencies, the seller as
 * the customer sees it, the words that close an e-mail, and the reads of a quote, its PDF and its
 * request that the staff's and the customer's operations share.
 */
export type QuoteContext = ReturnType<typeof quoteContext>;

export function quoteContext(db: Db, deps: QuotesDeps) {
  const { company } = deps;
  const seller: Seller = {
    name: deps.companyName,
    address: company.address ?? null,
    email: company.email ?? null,
    phone: company.phone ?? null,
    // The file's hash in the address: a new logo is a new URL, so the old one may be cached long.
    logo_url: company.logo ? `${COMPANY_LOGO_PATH}?v=${company.logo.etag.slice(1, 13)}` : null,
  };
  const pdfSeller = { ...pdfSellerOf(company, deps.timeZone), shopUrl: `${deps.publicUrl}/shop` };
  const money = (amount: number, currency: string) => formatMoney(amount, currency);
  /** A request's stored language as the shop has it today (the default once it left LOCALES). */
  const localeOf = (locale: string) => (deps.locales ? deps.locales.current(locale) : locale);
  /** The company's name and contact details, closing an e-mail to the customer. */
  const signature = customerSignature(deps.companyName, company, `${deps.publicUrl}/shop`);

  /** The quote's PDF, as sent and as its customer downloads it (signed, once accepted). */
  async function pdfOf(reader: Db | Tx, quote: Quote) {
    const [{ locale, ...customer }] = await reader
      .select({
        name: inquiries.name,
        email: inquiries.email,
        company: inquiries.company,
        locale: inquiries.locale,
      })
      .from(inquiries)
      .where(eq(inquiries.id, quote.inquiry_id));
    const reference = inquiryReference(quote.inquiry_id);
    const buyerLocale = localeOf(locale);
    const pdf = await deps.renderPdf({
      companyName: deps.companyName,
      seller: pdfSeller,
      reference,
      customer,
      quote,
      locale: buyerLocale,
    });
    return {
      pdf,
      customer,
      reference,
      locale: buyerLocale,
      filename: `quote-${reference}-v${quote.version}.pdf`,
    };
  }

  async function readOne(reader: Db | Tx, id: number): Promise<Quote> {
    const [row] = await readQuoteRows(reader, sql`q.id = ${id}`);
    if (!row) throw notFound(QUOTE_TEXT.notFound);
    const delivery =
      row.status === 'draft' ? new Map() : await deps.mailer.deliveryOfQuotes(reader as Db, [row.id]);
    return toQuote(row, delivery.get(row.id) ?? null, deps.timeZone);
  }

  /** What the customer's page says about the request a quote answers. */
  async function aboutOf(reader: Db | Tx, inquiryId: number) {
    const [inquiry] = await reader
      .select({ id: inquiries.id, name: inquiries.name, status: inquiries.status, locale: inquiries.locale })
      .from(inquiries)
      .where(eq(inquiries.id, inquiryId));
    return {
      reference: inquiryReference(inquiry.id),
      locale: localeOf(inquiry.locale),
      company: deps.companyName,
      customer: inquiry.name,
      seller,
      requestStatus: inquiry.status,
    };
  }

  return { db, deps, money, signature, localeOf, pdfOf, readOne, aboutOf };
}
