/**
 * What other modules may use of translations: the languages, and the public reads' overlay of a
 * locale's texts on the default language's (ADR 0034).
 */
export type { Locales } from './locales';
export {
  localizeBrandDescription,
  localizeBundle,
  localizeCategoryNames,
  localizeProductNames,
} from './localize';
