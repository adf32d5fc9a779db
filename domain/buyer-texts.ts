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
