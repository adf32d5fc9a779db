import { TRANSLATION_TEXT } from '#domain/translations';
import type { Config } from '../../config';
import { badRequest } from '../../errors/app-error';

/**
 * The shop's languages (LOCALES): the default is the items' own text; the others are
 * translations, each field falling back to the default on its own.
 */
export function createLocales(config: Config['locales']) {
  const translated = config.all.slice(1);
  const unknown = (locale: string) => badRequest(TRANSLATION_TEXT.unknownLocale(locale, config.all));
  return {
    default: config.default,
    all: config.all,
    /** The locales other than the default: the ones with translation rows. */
    translated,
    /** A locale a translation may be written in: configured, and not the default (400 otherwise). */
    editable(locale: string): string {
      if (locale === config.default) throw badRequest(TRANSLATION_TEXT.defaultLocale(locale));
      if (!translated.includes(locale)) throw unknown(locale);
      return locale;
    },
    /**
     * The buyer's language a request is written in (ADR 0036): the default when none is given,
     * 400 naming `field` for a locale the shop does not have.
     */
    buyer(locale: string | undefined, field = 'locale'): string {
      if (locale === undefined) return config.default;
      if (!config.all.includes(locale)) {
        const error = unknown(locale);
        throw badRequest(error.message, { [field]: error.message });
      }
      return locale;
    },
    /** A stored buyer's language as the shop has it today: one since removed from LOCALES reads as the default. */
    current(locale: string): string {
      return config.all.includes(locale) ? locale : config.default;
    },
    /**
     * The translation a public read asks for (`?locale=`): undefined for the default language or
     * none asked, 400 for a locale the shop does not have.
     */
    reading(locale: string | undefined): string | undefined {
      if (locale === undefined || locale === config.default) return undefined;
      if (!translated.includes(locale)) throw unknown(locale);
      return locale;
    },
  };
}

export type Locales = ReturnType<typeof createLocales>;
