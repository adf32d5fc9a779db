import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { requiredText } from './fields';
import { INQUIRY_STATUSES } from './inquiries';
import { VALIDATION } from './messages';
import { ORDER_STATUSES } from './orders';
import { listMeta, queryInt } from './paging';

/**
 * The buyer portal (/account, ADR 0023): a buyer signs in with a one-time link sent by e-mail and
 * sees their requests, quotes and orders (or their company's). What the server and the portal share.
 */

/** A buyer's bearer token starts with this: never a staff JWT (three dotted parts) nor an API token (sk_). */
export const BUYER_TOKEN_PREFIX = 'by_';

export const ACCOUNT_LIMITS = {
  /** Random bytes in a link's token and a session's: 256 bits, base64url. */
  tokenBytes: 32,
  /** How long a sign-in link can be used, once. */
  linkMinutes: 15,
  /** How long a buyer stays signed in. */
  sessionDays: 30,
  /** Rows per page of the portal's lists, and the most a caller may ask for. */
  pageSize: 20,
  maxPageSize: 100,
  /** Links asked for one address (e-mail) within the window. */
  linksPerEmail: 5,
  /** Links asked for from one client address within the window (ACCOUNT_LINK_RATE_MAX). */
  linksPerAddress: 30,
  linkWindowMinutes: 15,
} as const;

/** The link's token as the session route takes it: base64url of tokenBytes (43 characters). */
const linkToken = /^[A-Za-z0-9_-]{43}$/;

export const ACCOUNT_TEXT = {
  // The API's words.
  linkSent: 'If this address is known to us, a sign-in link is on its way. It works once, for 15 minutes.',
  tooMany: (minutes: number) =>
    `Too many sign-in links asked for; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  linkInvalid:
    'This sign-in link is not valid: it was used already, has expired, or was not copied whole. Ask for a new one.',
  signInRequired: 'Sign in to your account to see this',
  sessionExpired: 'Your session has ended. Sign in again with a new link.',
  staffTokenRefused: 'A staff sign-in is not a buyer session: sign in to your account with an e-mail link',
  buyerTokenRefused: "A buyer's session cannot use the staff app's routes",
  notFound: 'Not found in your account',
  // The e-mail.
  mailSubject: (company: string) => `Your sign-in link for ${company}`,
  mailBody: (name: string, link: string, company: string) =>
    `Hello ${name},\n\nUse this link to see your requests, quotes and orders with ${company}:\n\n${link}\n\nIt works once, for the next 15 minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.\n`,
  // The portal's words.
  title: 'Your account',
  signInTitle: 'Sign in to your account',
  signInIntro:
    'Enter the e-mail address you asked for quotes with. We will send you a link to sign in: no password needed.',
  email: 'E-mail',
  sendLink: 'Send me a sign-in link',
  checkTitle: 'Check your e-mail',
  checkBody: (email: string) =>
    `If ${email} is known to us, a sign-in link is on its way. It works once, for 15 minutes.`,
  useAnother: 'Use another address',
  sendFailed: 'The link could not be sent. Try again in a moment.',
  signingIn: 'Signing you in…',
  linkFailedTitle: 'This link does not work any more',
  askAgain: 'Ask for a new link',
  signOut: 'Sign out',
  requests: 'Requests',
  quotes: 'Quotes',
  orders: 'Orders',
  reference: 'Reference',
  subject: 'Subject',
  status: 'Status',
  date: 'Date',
  buyer: 'Buyer',
  total: 'Total',
  version: 'Version',
  versions: 'Versions',
  number: 'Order',
  validUntil: 'Valid until',
  open: 'Open',
  pdf: 'PDF',
  pdfOf: (reference: string, version: number) => `PDF of ${reference} version ${version}`,
  openQuote: (reference: string) => `Open the quote for ${reference}`,
  noRequests: 'No requests yet. Ask for a quote in our shop.',
  noQuotes: 'No quotes yet: we will e-mail you when one is ready.',
  noOrders: 'No orders yet: an accepted quote becomes an order.',
  loadFailed: 'This could not be loaded. Try again in a moment.',
  retry: 'Try again',
  loading: 'Loading…',
  back: 'Back to your quotes',
  backToOrders: 'Back to your orders',
  openOrder: (number: string) => `Open order ${number}`,
  orderTitle: (number: string) => `Order ${number}`,
  orderOf: (reference: string, version: number) =>
    `Your acceptance of quote ${reference}, version ${version}`,
  orderedOn: 'Ordered on',
  signedBy: 'Signed by',
  poNumber: 'Your PO number',
  company: 'Company',
  billingAddress: 'Billing address',
  deliveryAddress: 'Delivery address',
  downloadOrderPdf: 'Download PDF',
  orderPdfFailed: 'The PDF could not be downloaded. Try again in a moment.',
  current: 'Current version',
  older: 'Earlier versions',
  requestAgain: 'Request again',
  requestAgainHint: "Puts this quote's products in the shop's basket at today's prices.",
  requestAgainNone: 'None of these products is in the shop any more.',
  requestAgainFailed: 'The basket could not be filled. Try again in a moment.',
  companyNote: (company: string) => `You see the requests, quotes and orders of everyone at ${company}.`,
  shop: 'Shop',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous',
  next: 'Next',
  /** The buyer's words for a request's state. */
  requestStatus: {
    new: 'Received',
    open: 'In progress',
    quoted: 'Quoted',
    accepted: 'Accepted',
    declined: 'Declined',
    closed: 'Closed',
  } satisfies Record<(typeof INQUIRY_STATUSES)[number], string>,
  quoteStatus: {
    draft: 'Draft',
    sent: 'Awaiting your answer',
    accepted: 'Accepted',
    declined: 'Declined',
    changes_requested: 'Changes asked for',
    superseded: 'Replaced by a newer version',
    expired: 'Expired',
  } as Record<string, string>,
} as const;

/** POST /api/account/login-link */
export const loginLinkBody = z.strictObject({
  email: requiredText('Email is required', 'Email', TEXT_LIMITS.email).pipe(
    z.email({ error: VALIDATION.invalidEmail }),
  ),
});

/** POST /api/account/session: a malformed token is refused like a used one, with the same words. */
export const sessionBody = z.strictObject({
  token: z.string({ error: ACCOUNT_TEXT.linkInvalid }).max(200, { error: ACCOUNT_TEXT.linkInvalid }),
});
export const isLinkToken = (token: string) => linkToken.test(token);

export const accountSessionResponse = z.object({ token: z.string(), expires_at: z.string() });
export const loginLinkResponse = z.object({ message: z.string() });

/** The portal's lists take a page and a page size only. */
export const accountListQuery = z.strictObject({
  page: queryInt('page', 1, 100_000).optional(),
  limit: queryInt('limit', 1, ACCOUNT_LIMITS.maxPageSize).optional(),
});

const person = z.object({ name: z.string(), email: z.string() });

export const accountMeSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  sees_company: z.boolean(),
});
export type AccountMe = z.infer<typeof accountMeSchema>;

const accountRequestSchema = z.object({
  id: z.number(),
  reference: z.string(),
  subject: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  created_at: z.string(),
  /** Who asked: the buyer, or a colleague when the buyer sees the company's. */
  buyer: person,
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;

/** A request's latest sent quote, as the quotes list shows it. */
const accountQuoteSummarySchema = z.object({
  id: z.number(),
  inquiry_id: z.number(),
  reference: z.string(),
  subject: z.string(),
  version: z.number(),
  versions: z.number(),
  status: z.string(),
  total: z.number(),
  currency: z.string(),
  sent_at: z.string(),
  valid_until: z.string(),
  buyer: person,
});
export type AccountQuoteSummary = z.infer<typeof accountQuoteSummarySchema>;

const accountOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  currency: z.string(),
  created_at: z.string(),
  reference: z.string().nullable(),
  buyer: person,
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

/** One order in the portal: what its confirmation says, without staff's notes and history. */
export const accountOrderDetailSchema = accountOrderSchema.extend({
  quote_version: z.number(),
  signed_by: z.string(),
  po_number: z.string().nullable(),
  company: z.string().nullable(),
  billing_address: z.string().nullable(),
  shipping_address: z.string().nullable(),
  lines: z.array(
    z.object({
      product_id: z.number().nullable(),
      sku: z.string().nullable(),
      variant_id: z.number().nullable(),
      /** `{ "Size": "M" }`; empty when the line has no options. */
      options: z.record(z.string(), z.string()),
      name: z.string(),
      quantity: z.number(),
      unit_price: z.number(),
      discount_percent: z.number(),
      line_total: z.number(),
    }),
  ),
  subtotal: z.number(),
  shipping: z.number(),
  shipping_label: z.string().nullable(),
  tax_rate: z.number(),
  tax: z.number(),
});
export type AccountOrderDetail = z.infer<typeof accountOrderDetailSchema>;

const page = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: listMeta });
export const accountRequestsResponse = page(accountRequestSchema);
export const accountQuotesResponse = page(accountQuoteSummarySchema);
export const accountOrdersResponse = page(accountOrderSchema);

/**
 * One request's quote, every sent version, newest first. Each carries its public token: the
 * buyer's own quote, read and answered through the customer's quote routes (/api/public/quotes).
 */
export const accountQuoteSchema = z.object({
  id: z.number(),
  inquiry_id: z.number(),
  reference: z.string(),
  subject: z.string(),
  buyer: person,
  versions: z.array(
    z.object({
      id: z.number(),
      version: z.number(),
      status: z.string(),
      token: z.string(),
      total: z.number(),
      currency: z.string(),
      sent_at: z.string(),
      valid_until: z.string(),
      current: z.boolean(),
    }),
  ),
});
export type AccountQuote = z.infer<typeof accountQuoteSchema>;

/** "Request again": the quote's products as the shop's basket keeps them, priced today. */
export const accountBasketSchema = z.object({
  lines: z.array(
    z.object({
      product_id: z.number(),
      /** The variant quoted (a product's only one when the quote named none). */
      variant_id: z.number(),
      /** `{ "Size": "M" }`; empty when the variant has none. */
      options: z.record(z.string(), z.string()),
      slug: z.string(),
      name: z.string(),
      sku: z.string().nullable(),
      image: z.string().nullable(),
      /** Today's unit price in the shop, not the quoted one. */
      price: z.number(),
      quantity: z.number(),
    }),
  ),
  /** Lines of the quote that are not in the shop (typed lines, products gone or unpublished). */
  skipped: z.array(z.string()),
});
export type AccountBasket = z.infer<typeof accountBasketSchema>;
