/**
 * The words of the desk's screens and the quote builder, and the fallback texts of their calls.
 * The customer's quote page reads the quote catalogue in the buyer's language (buyer-texts.ts);
 * the server's own quote messages stay in quotes.ts (QUOTE_TEXT), which these never restate.
 */
import { quotePageTexts } from './buyer-texts';
import { SOURCE_LOCALE } from './i18n';

export const DESK_SCREEN = {
  statusLabel: 'Status',
  /** The order the request's accepted quote became. */
  order: (number: string) => `Order ${number}`,
  allStatuses: 'All',
  ownerLabel: 'Owner',
  ownerAnyone: 'Anyone',
  ownerMe: 'Me',
  ownerNobody: 'Nobody',
  fromLabel: 'From',
  toLabel: 'To',
  exportCsv: 'Export CSV',
  exportFailed: 'Export failed',
  moveTo: 'Move to',
  closeTitle: 'Close this request',
  closeReason: 'Reason',
  closeConfirm: 'Close request',
  cancel: 'Cancel',
  assignToMe: 'Assign to me',
  unassigned: 'Nobody',
  notes: 'Notes',
  noNotes: 'No notes yet.',
  addNote: 'Add note',
  notePlaceholder: 'Write a note for the team (Ctrl+Enter to send)',
  noteAdded: 'Note added',
  history: 'History',
  noHistory: 'Nothing has changed yet.',
  customer: 'the customer',
  historyStatus: (from: string | null, to: string | null) => `Status ${from ?? '—'} → ${to ?? '—'}`,
  historyOwner: (from: string | null, to: string | null) => `Owner ${from ?? 'nobody'} → ${to ?? 'nobody'}`,
  /** The scheduled job's entry: the version that expired unanswered. */
  historyQuoteExpired: (version: string | null) => `Quote v${version ?? '?'} expired unanswered`,
  scheduled: 'automatically',
  quotes: 'Quotes',
  noQuotes: 'No quote yet.',
  newQuote: 'Create quote',
  openQuote: 'Open',
  customerPage: 'Customer page',
  draft: 'Draft',
  version: (v: number) => `v${v}`,
  validUntil: (date: string) => `valid until ${date}`,
  detailFailed: 'Failed to load inquiry',
  updateFailed: 'Failed to update inquiry',
  noteFailed: 'Failed to add note',
  statusChanged: 'Status changed',
  ownerChanged: 'Owner changed',
  /** The buyer's language (ADR 0036): what they receive about the request is written in it. */
  language: "Buyer's language",
  languageChange: 'Change',
  languageChanged: 'Language changed',
  historyLanguage: (from: string | null, to: string | null) =>
    `Buyer's language ${from ? languageName(from) : '—'} → ${to ? languageName(to) : '—'}`,
} as const;

/** A language's own name for itself, as a buyer would pick it: 'Deutsch', 'English'. */
export function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

/**
 * An outbox message's delivery, as the desk, the builder, their toasts and the Outbox screen say
 * it: what happened, never more (a stored message was kept, not sent).
 */
export const DELIVERY_TEXT = {
  /** The state alone, for badges and the Outbox screen's filter. */
  status: { pending: 'Queued', sent: 'Sent', failed: 'Failed', stored: 'Stored' },
  /** The state of a quote's e-mail. */
  line: {
    pending: 'E-mail queued',
    sent: 'E-mail sent',
    failed: 'E-mail failed',
    stored: 'E-mail stored, not sent',
  },
  /** Pending again after a failed attempt. */
  retrying: 'Retrying',
  retryingLine: 'E-mail not sent yet',
  storedWhy: 'No mail server is configured: the message is kept in the outbox only.',
  lastError: (error: string) => `Last error: ${error}`,
  nextTry: (at: string) => `Next try ${at}`,
  openInOutbox: 'View message',
  /** The desk's link to every message of one request, in the outbox. */
  requestMessages: 'E-mails',
  /** The toast after sending a quote: the quote is sent; its e-mail is as it is. */
  quoteSent: (line: string) => `Quote sent · ${line}`,
} as const;

export const QUOTE_STATUS_TEXT = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  changes_requested: 'Changes requested',
  superseded: 'Superseded',
  expired: 'Expired',
} as const;

export const BUILDER_TEXT = {
  title: (reference: string) => `Quote for ${reference}`,
  back: 'Back to the request',
  readOnly: 'This version was sent and can no longer be changed.',
  lines: 'Lines',
  name: 'Name',
  sku: 'SKU',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Discount %',
  lineTotal: 'Line total',
  addProduct: 'Add a product',
  addProductPlaceholder: 'Search the catalogue',
  addFreeLine: 'Add a free line',
  freeLineName: 'New line',
  remove: 'Remove line',
  moveUp: 'Move line up',
  moveDown: 'Move line down',
  shipping: 'Shipping',
  shippingLabel: 'Shipping label',
  taxRate: 'Tax rate %',
  validUntil: 'Valid until',
  note: 'Note to the customer',
  terms: 'Terms',
  subtotal: 'Subtotal',
  tax: 'Tax',
  total: 'Total',
  save: 'Save draft',
  saved: 'Draft saved',
  send: 'Send',
  sendTitle: 'Send this quote?',
  sendBody: (email: string, total: string) => `The quote goes to ${email} for a total of ${total}.`,
  revise: 'Revise',
  revised: 'New draft started',
  deleteDraft: 'Delete draft',
  deleteConfirm: 'Delete this draft?',
  deleted: 'Draft deleted',
  versions: 'Versions',
  loadFailed: 'Failed to load quote',
  saveFailed: 'Failed to save quote',
  sendFailed: 'Failed to send quote',
  reviseFailed: 'Failed to revise quote',
  createFailed: 'Failed to create quote',
  deleteFailed: 'Failed to delete quote',
  productFailed: 'Failed to load product',
  variant: 'Variant',
  variantPlaceholder: 'Choose a variant',
  /** A discontinued variant in the list: a line may keep it, not take it anew. */
  variantDiscontinued: (title: string) => `${title} (discontinued)`,
  notFound: 'This quote does not exist.',
  unsaved: 'Save the draft before sending it.',
  /** Beside a unit price changed from the catalogue's: "(catalogue $144.49)", the price struck through. */
  catalogue: 'catalogue',
  /** The same beside a price changed from the customer's own (an agreement's, a break's): "(their price $32.00)". */
  theirPrice: 'their price',
} as const;

/** Extend, Save as template, Start from template and Copy to another request, in the builder and the pane. */
export const QUOTE_REUSE_TEXT = {
  extend: 'Extend',
  extendTitle: 'Extend this quote',
  extendBody: (email: string) =>
    `A new version with the same lines and a new date is sent to ${email} at once; it replaces this one.`,
  extendDate: 'Valid until',
  extendConfirm: 'Send new version',
  extended: (version: number) => `Version ${version} sent with the new date`,
  extendFailed: 'Failed to extend quote',
  saveTemplate: 'Save as template',
  saveTemplateTitle: 'Save as template',
  saveTemplateBody:
    'Keeps the lines, note and terms under a name. Prices are taken again from the catalogue each time a draft starts from it.',
  templateName: 'Template name',
  saveTemplateConfirm: 'Save template',
  templateSaved: (name: string) => `Template "${name}" saved`,
  saveTemplateFailed: 'Failed to save template',
  fromTemplate: 'Start from template',
  fromTemplateTitle: 'Start from a template',
  fromTemplateBody:
    "Keeps the lines the customer asked for and adds the template's lines after them, with its note and terms; each price is taken from today's catalogue.",
  template: 'Template',
  templatePlaceholder: 'Pick a template',
  templateLines: (n: number) => (n === 1 ? '1 line' : `${n} lines`),
  noTemplates: 'No templates yet. Open a quote and choose "Save as template" to keep one.',
  fromTemplateConfirm: 'Start draft',
  deleteTemplate: 'Delete template',
  deleteTemplateTitle: 'Delete this template?',
  deleteTemplateBody: (name: string) =>
    `"${name}" is deleted for everyone. Quotes started from it stay as they are.`,
  templateDeleted: 'Template deleted',
  deleteTemplateFailed: 'Failed to delete template',
  templatesFailed: 'Failed to load templates',
  copy: 'Copy to another request',
  copyTitle: 'Copy to another request',
  copyBody:
    "Starts a draft for the request you pick with this quote's lines, note and terms, prices as quoted.",
  copyRequest: 'Request',
  copyPlaceholder: 'Search by reference, company or e-mail',
  copyNothing: 'No other request matches.',
  copyConfirm: 'Start draft',
  copied: (reference: string) => `Draft started for ${reference}`,
  draftStarted: 'Draft started',
  more: 'More',
  saveFirst: 'Save the draft first: the template keeps what is saved',
} as const;

/** The customer's quote page in English; its words are the quote catalogue's (ADR 0036). */
export const PUBLIC_QUOTE_TEXT = quotePageTexts(SOURCE_LOCALE);

/** An order's statuses in words, shared by the staff screen and the customer's page. */
export const ORDER_STATUS_TEXT = {
  confirmed: 'Confirmed',
  in_progress: 'In progress',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;

export const PIPELINE_TEXT = {
  title: 'Pipeline this month',
  caption: 'Quote requests since the first of the month; each figure opens the inbox.',
  requests: 'Requests',
  quoted: 'Quoted',
  accepted: 'Accepted',
  winRate: 'Win rate',
  medianToQuote: 'Median time to quote',
  acceptedValue: 'Accepted value',
  hours: (h: number) =>
    h < 1 ? `${Math.round(h * 60)} min` : h < 48 ? `${h.toFixed(1)} h` : `${(h / 24).toFixed(1)} days`,
} as const;
