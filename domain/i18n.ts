/**
 * The buyer's language: one i18next instance holds every catalogue, and each part of the product
 * (the shop, the quote page, the mails) reads its own namespace through a translator fixed to the
 * buyer's locale. A key missing from a locale falls back to English, key by key.
 *
 * Catalogues live in `domain/locales/<locale>/<namespace>.ts` as plain objects: i18next's
 * `{{name}}` interpolation and `_one`/`_other` plural keys. The shop's script imports this module,
 * so it must stay Zod-free.
 */
import i18next, { type TFunction } from 'i18next';

/** The language the catalogues are written in first, and the one every other falls back to. */
export const SOURCE_LOCALE = 'en';

export type Catalogue = { readonly [key: string]: string | Catalogue };
/** Namespace → locale → catalogue. */
export type Catalogues = Record<string, Record<string, Catalogue>>;

export type Translate = TFunction;

/**
 * A translator per locale and namespace over the given catalogues. Texts are escaped where they
 * are written into HTML, not here: interpolation leaves values as they are.
 */
export function createTranslations(catalogues: Catalogues) {
  const resources: Record<string, Record<string, Catalogue>> = {};
  for (const [ns, byLocale] of Object.entries(catalogues)) {
    for (const [locale, catalogue] of Object.entries(byLocale)) {
      resources[locale] ??= {};
      resources[locale][ns] = catalogue;
    }
  }
  const instance = i18next.createInstance({
    resources,
    lng: SOURCE_LOCALE,
    fallbackLng: SOURCE_LOCALE,
    ns: Object.keys(catalogues),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  void instance.init();
  return {
    /** The locales some namespace has a catalogue for. */
    locales: () => Object.keys(resources),
    translator: (locale: string, ns: string): Translate => instance.getFixedT(locale, ns),
  };
}

/** Every key path of a catalogue, for the test that each locale has every key of the source. */
export function catalogueKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : catalogueKeys(value, `${prefix}${key}.`),
  );
}
