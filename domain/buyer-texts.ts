/**
 * What the buyer receives about a request, in the request's language (ADR 0036): the e-mails
 * (`mail`) and the quote's fixed texts (`quote`). English is the source; a key a language lacks
 * falls back to it, key by key.
 */
import { type Catalogues, createTranslations, SOURCE_LOCALE } from './i18n';
import deMail from './locales/de/mail';
import deQuote from './locales/de/quote';
import enMail from './locales/en/mail';
import enQuote from './locales/en/quote';

export const BUYER_CATALOGUES = {
  mail: { en: enMail, de: deMail },
  quote: { en: enQuote, de: deQuote },
} satisfies Catalogues;

const buyerTranslations = createTranslations(BUYER_CATALOGUES);

export type BuyerNamespace = keyof typeof BUYER_CATALOGUES;

/** The translator of one namespace in the buyer's locale (English where it has no catalogue). */
export const buyerTexts = (locale: string, ns: BuyerNamespace) =>
  buyerTranslations.translator(locale || SOURCE_LOCALE, ns);

/**
 * The locale dates and amounts are written in for a buyer's language: English keeps the
 * formats it always had; another language takes its own.
 */
export const formatLocaleOf = (locale: string, english: string) =>
  locale === SOURCE_LOCALE ? english : locale;

/** A calendar day ('YYYY-MM-DD') as a buyer's language writes it: English keeps the ISO day. */
export const buyerDay = (locale: string, day: string) =>
  locale === SOURCE_LOCALE
    ? day
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${day.slice(0, 10)}T00:00:00Z`),
      );

type OrderStatus = 'confirmed' | 'in_progress' | 'shipped' | 'completed' | 'cancelled';

/**
 * The customer's quote page's words in a language, in the shape the page reads them: labels as
 * text, sentences as functions of what they tell.
 */
export function quotePageTexts(locale: string) {
  const t = buyerTexts(locale, 'quote');
  const w = (key: string) => t(`page.${key}`);
  return {
    loading: w('loading'),
    title: (company: string) => t('page.title', { company }),
    tabTitle: (reference: string, company: string) => t('page.tabTitle', { reference, company }),
    notFoundTab: w('notFoundTab'),
    downloadPdf: w('downloadPdf'),
    shop: w('shop'),
    seller: w('seller'),
    email: w('email'),
    phone: w('phone'),
    signedCopy: w('signedCopy'),
    reference: w('reference'),
    version: w('version'),
    customer: w('customer'),
    validUntil: w('validUntil'),
    product: w('product'),
    quantity: w('quantity'),
    unitPrice: w('unitPrice'),
    discount: w('discount'),
    lineTotal: w('lineTotal'),
    subtotal: w('subtotal'),
    shipping: w('shipping'),
    tax: (rate: string) => t('page.tax', { rate }),
    total: w('total'),
    note: w('note'),
    terms: w('terms'),
    accept: w('accept'),
    acceptTitle: w('acceptTitle'),
    signature: w('signature'),
    acceptConfirm: w('acceptConfirm'),
    decline: w('decline'),
    declineTitle: w('declineTitle'),
    reason: w('reason'),
    declineConfirm: w('declineConfirm'),
    changes: w('changes'),
    changesTitle: w('changesTitle'),
    message: w('message'),
    changesConfirm: w('changesConfirm'),
    cancel: w('cancel'),
    accepted: (name: string | null, at: string) =>
      name ? t('page.acceptedBy', { name, at }) : t('page.acceptedOn', { at }),
    declined: (at: string) => t('page.declined', { at }),
    changesRequested: (at: string) => t('page.changesRequested', { at }),
    /** The refusal of an answer to an expired quote, and the page's words for it (date YYYY-MM-DD). */
    expiredOn: (validUntil: string) => t('page.expiredOn', { date: validUntil }),
    contactForNew: w('contactForNew'),
    superseded: w('superseded'),
    /** A sent quote whose request has moved on at the desk (reopened, closed): no answer goes through. */
    notAnswerable: w('notAnswerable'),
    notFoundTitle: w('notFoundTitle'),
    notFound: w('notFound'),
    failed: w('failed'),
    answerFailed: w('answerFailed'),
    poNumber: w('poNumber'),
    billingAddress: w('billingAddress'),
    deliveryAddress: w('deliveryAddress'),
    sameAsBilling: w('sameAsBilling'),
    /** The order an acceptance made, as the quote's page shows it. */
    order: (number: string, status: string) => t('page.order', { number, status }),
    tryAgain: w('tryAgain'),
    orderStatus: (status: OrderStatus) => t(`page.orderStatus.${status}`),
  };
}
export type QuotePageTexts = ReturnType<typeof quotePageTexts>;
