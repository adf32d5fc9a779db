import { describe, expect, it } from 'vitest';
import { BUYER_CATALOGUES, buyerTexts, quotePageTexts } from './buyer-texts';
import { catalogueKeys } from './i18n';

describe("the buyer's catalogues", () => {
  for (const [ns, byLocale] of Object.entries(BUYER_CATALOGUES)) {
    const source = catalogueKeys(byLocale.en).sort();
    for (const [locale, catalogue] of Object.entries(byLocale)) {
      it(`${ns}: ${locale} has every English key and no other`, () => {
        expect(catalogueKeys(catalogue).sort()).toEqual(source);
      });
      it(`${ns}: ${locale} uses the same placeholders as English in each text`, () => {
        const texts = (c: typeof catalogue) =>
          new Map(
            catalogueKeys(c).map((k) => [k, k.split('.').reduce<unknown>((o, p) => (o as never)[p], c)]),
          );
        const en = texts(byLocale.en);
        const placeholders = (text: unknown) =>
          [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        for (const [key, text] of texts(catalogue))
          expect(placeholders(text), key).toEqual(placeholders(en.get(key)));
      });
    }
  }

  it('falls back to English for a language without a catalogue', () => {
    expect(buyerTexts('fr', 'mail')('received.hello')).toBe('Hello,');
    expect(quotePageTexts('fr').title('Acme')).toBe('Quote from Acme');
  });
});
