import { PRICE_LIST_FALLBACK, type PriceList } from '#domain/price-lists';

/** The lists' and a grid's page sizes: the server pages both, so no screen holds a whole list. */
export const PRICE_LIST_PAGING = { defaultLimit: 20, limits: [20, 50, 100] } as const;

export const PRICE_LIST_SCREEN = {
  title: 'Price lists',
  newList: 'New list',
  editList: 'Edit list',
  searchLists: 'Name',
  searchPrices: 'SKU or product name',
  empty: 'No price lists found.',
  gridFailed: PRICE_LIST_FALLBACK.grid,
  saveFailed: PRICE_LIST_FALLBACK.save,
  importFailed: PRICE_LIST_FALLBACK.import,
  failed: 'Price lists could not be loaded.',
  gridEmpty: 'This list holds no prices yet: add a row or import a CSV.',
  gridNoMatch: 'No prices match the search.',
  notFound: 'This price list does not exist (it may have been deleted).',
  created: 'Price list created',
  saved: 'Price list saved',
  deleted: 'Price list deleted',
  priceSaved: 'Price saved',
  priceRemoved: 'Price removed',
  deleteTitle: 'Delete price list?',
  deleteMessage: (name: string) =>
    `"${name}" and every price it holds will be deleted. Customers and companies it is assigned to go back to their other prices.`,
  removeTitle: 'Remove price?',
  removeMessage: (what: string) => `The list will no longer price ${what}.`,
  percentNote:
    'A percent list takes its percent off the list or break price of every variant; it holds no grid.',
  companies: 'Companies',
  customers: 'Customers',
  noCompanies: 'No companies',
  noCustomers: 'No customers',
  unassigned: 'Assigned to nobody yet: it gives no one a price.',
  addRow: 'Add a price',
  variant: 'Variant',
  product: 'Product',
  minQuantity: 'From quantity',
  price: 'Price',
  importTitle: 'Import CSV',
  importHelp:
    'Columns: sku (or variant_id), min_quantity (1 when empty) and price; an export reads back as it is.',
  importMerge: 'Merge: set these prices, keep the others',
  importReplace: 'Replace: the list holds exactly the file',
  importButton: 'Import',
  imported: (count: number, mode: string) =>
    `${count.toLocaleString('en-US')} prices ${mode === 'replace' ? 'now make up the list' : 'set'}.`,
  uploading: (percent: number) => `Uploading… ${percent}%`,
  checking: 'Checking and saving the rows…',
} as const;

export const TYPE_LABELS: Record<PriceList['type'], string> = {
  fixed: 'Fixed prices',
  percent: 'Percent off',
};

export type ListState = 'live' | 'scheduled' | 'expired' | 'off';

export const STATE_LABELS: Record<ListState, { label: string; color: string }> = {
  live: { label: 'Live', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  expired: { label: 'Expired', color: 'gray' },
  off: { label: 'Off', color: 'gray' },
};

/** Whether a list gives prices now: active and inside its window, both ends included (ADR 0031). */
export function listState(
  list: Pick<PriceList, 'active' | 'starts_at' | 'ends_at'>,
  now = Date.now(),
): ListState {
  if (!list.active) return 'off';
  if (list.starts_at && new Date(list.starts_at).getTime() > now) return 'scheduled';
  if (list.ends_at && new Date(list.ends_at).getTime() < now) return 'expired';
  return 'live';
}

/** "2 companies, 1 customer", or "Nobody". */
export function assignedText(list: Pick<PriceList, 'company_ids' | 'customer_ids'>): string {
  const parts = [
    [list.company_ids.length, 'company', 'companies'],
    [list.customer_ids.length, 'customer', 'customers'],
  ] as const;
  const named = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return named.length ? named.join(', ') : 'Nobody';
}
