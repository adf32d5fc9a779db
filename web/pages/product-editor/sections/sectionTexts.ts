import { PRODUCT_TOAST } from '#domain/products';
import type { SectionKind } from '../../../api/products';

/** Success toasts, per kind of section. */
export const SECTION_ADDED: Record<SectionKind, string> = {
  list: PRODUCT_TOAST.listAdded,
  spec_group: PRODUCT_TOAST.specsAdded,
  table: PRODUCT_TOAST.tableAdded,
};

export const SECTION_SAVED: Record<SectionKind, string> = {
  list: PRODUCT_TOAST.listSaved,
  spec_group: PRODUCT_TOAST.specsSaved,
  table: PRODUCT_TOAST.tableSaved,
};
