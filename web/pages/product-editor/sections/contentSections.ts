import type { SectionKind } from '../../../api/products';

// The sections in layout order are the shop's too (its product page is rendered on the server),
// so they live in domain/.
export {
  type ContentSection,
  contentSections,
  parseTable,
  sectionTitle,
} from '#domain/product-content';

/** The Add Section dialog's names for the three kinds. */
export const SECTION_KIND_LABEL: Record<SectionKind, string> = {
  list: 'List',
  spec_group: 'Key-Values',
  table: 'Table',
};
