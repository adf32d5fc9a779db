import type { OrderSortKey } from '#domain/orders';

const ORDER_SORT_LABELS: Record<OrderSortKey, string> = {
  created_at: 'Ordered',
  number: 'Number',
  total: 'Total',
};

/** Texts of this screen only; those shared with the server live in domain/orders.ts (ORDER_TEXT). */
export const ORDER_SCREEN = {
  title: 'Orders',
  /** How the list's total names its entries. */
  noun: { singular: 'order' },
  empty: 'No orders found.',
  failed: 'Orders could not be loaded.',
  noneSelected: 'Choose an order from the list to see it.',
  back: 'Back to list',
  /** What the list's search finds an order by (the server's listWhere). */
  searchPlaceholder: 'Number, reference, company, email, PO number',
  sortLabels: ORDER_SORT_LABELS,
  allStatuses: 'All',
  statusLabel: 'Status',
  moveTo: 'Move to',
  cancelTitle: 'Cancel this order?',
  cancelReason: 'Reason',
  cancelConfirm: 'Cancel order',
  keep: 'Keep it',
  lines: 'Lines',
  addresses: 'Addresses',
  billing: 'Billing address',
  delivery: 'Delivery address',
  sameAsBilling: 'Same as billing',
  poNumber: 'PO number',
  customer: 'Customer',
  fromQuote: (reference: string, version: number) => `From ${reference}, quote version ${version}`,
  signedBy: (name: string) => `Accepted by ${name}`,
  notes: 'Notes',
  history: 'History',
  historyCreated: 'Order confirmed on acceptance',
  historyMove: (from: string, to: string) => `${from} → ${to}`,
  byCustomer: 'Customer',
  openRequest: 'Open the request',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  tax: (rate: number) => `Tax (${rate}%)`,
  total: 'Total',
  item: 'Item',
  sku: 'SKU',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Discount',
  lineTotal: 'Line total',
} as const;
