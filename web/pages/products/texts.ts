import { CONFIRM } from '#domain/messages';
import { formatCount } from '../../components/format';

const LANGUAGE_NAMES =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

function languageName(locale: string): string | null {
  try {
    const name = LANGUAGE_NAMES?.of(locale);
    return name && name !== locale ? name : null;
  } catch {
    return null;
  }
}

/** The products screen's own words (the domain's BULK_TEXT and IMPORT_TEXT hold the shared ones). */
export const PRODUCTS_SCREEN = {
  anyCategory: 'Any category',
  anyBrand: 'Any brand',
  anyStatus: 'Any',
  anyLocale: 'None',
  /** A locale as the filter offers it: its language's English name and its code. */
  localeName: (locale: string) => {
    const name = languageName(locale);
    return name ? `${name} (${locale})` : locale;
  },
  finalPrice: 'Final price',
  min: 'Min',
  max: 'Max',
  priceInvalid: 'An amount such as 19.99',
  flagsLabel: 'Show only',
  filters: (n: number) => (n ? `Filters (${n})` : 'Filters'),
  clearAll: 'Clear all',
  clearFilters: 'Clear filters',
  removeFilter: (text: string) => `Remove filter ${text}`,
  noMatch: 'No products match these filters',
  /** The list's empty state without filters. */
  empty: 'No products found.',
  loadFailed: 'Products could not be loaded.',
  retry: 'Try again',
  viewLabel: 'View',
  grid: 'Grid',
  table: 'Table',
  exportCsv: 'Export CSV',
  importCsv: 'Import CSV',
  selectRow: (name: string) => `Select ${name}`,
  selectPage: 'Select this page',
  selected: (n: number) => `${formatCount(n)} selected`,
  selectAllMatching: (n: number) => `Select all ${formatCount(n)} matching`,
  allMatching: (n: number) => `All ${formatCount(n)} matching products are selected`,
  clearSelection: 'Clear selection',
  bulkActions: 'Bulk actions',
  checking: 'Counting the products this changes…',
  apply: 'Apply',
  applyTo: (n: number) => `Apply to ${formatCount(n)} ${n === 1 ? 'product' : 'products'}`,
  cancel: 'Cancel',
  deleteTitle: 'Delete products?',
  deleteWarning: CONFIRM.deleteProducts,
  deleteApply: (n: number) => `Delete ${formatCount(n)} ${n === 1 ? 'product' : 'products'}`,
  noCategory: 'No category',
  noBrand: 'No brand',
  newCategory: 'New category',
  newBrand: 'New brand',
  adjustBy: 'How',
  percentLabel: 'Percent (negative lowers the price)',
  amountLabel: 'Amount (negative lowers the price)',
  setLabel: 'New price',
  priceRounding: 'The MRP changes, rounded half-up to the cent; discounts then apply as before.',
  columns: {
    image: 'Image',
    name: 'Name',
    brand: 'Brand',
    category: 'Category',
    status: 'Status',
    mrp: 'MRP',
    final: 'Final price',
    discount: 'Discount',
  },
} as const;

/** The import wizard's words. */
export const IMPORT_SCREEN = {
  title: 'Import products from CSV',
  steps: { file: 'File', map: 'Columns', check: 'Check', import: 'Import' },
  drop: 'Drop a CSV file here or click to choose one',
  dropHint: (mb: number) => `UTF-8 CSV, up to ${mb} MB, with a header row. Rows are matched by SKU.`,
  noHeader: 'The file has no header row',
  mapIntro:
    'Choose the file column for each field. Unmapped fields are left as they are on existing products.',
  notMapped: 'Not imported',
  categoryHint: 'Slugs from the top down, e.g. furniture/chairs',
  required: 'Required',
  createMissing: 'Create missing categories and brands',
  createMissingHelp: 'Otherwise a row naming an unknown category or brand is a problem.',
  check: 'Check file',
  checking: 'Checking the file…',
  importing: 'Importing…',
  queued: 'Waiting to start…',
  rows: (done: number, total: number | null) =>
    total === null ? `${formatCount(done)} rows` : `${formatCount(done)} of ${formatCount(total)} rows`,
  importRows: (n: number) => `Import ${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`,
  problemsTitle: 'Problems',
  noProblems: 'No problems found. Nothing has changed yet.',
  fixAndRetry: 'Fix these in the file and check it again. Nothing has changed.',
  more: (n: number) => `and ${formatCount(n)} more`,
  line: 'Line',
  column: 'Column',
  message: 'Problem',
  wholeRow: 'row',
  done: 'Import finished',
  failed: 'The import failed; nothing has changed.',
  chooseAgain: 'Choose the file again to import it',
  back: 'Back',
  next: 'Next',
  close: 'Close',
  anotherFile: 'Another file',
  reportLabels: {
    rows: 'Rows',
    created: 'New products',
    updated: 'Updated products',
    categories_created: 'New categories',
    brands_created: 'New brands',
    problem_count: 'Problems',
  },
} as const;
