/**
 * The shop's words, shared by its server-rendered pages and its script (web/shop/). This module
 * imports nothing: the script's bundle must not pull Zod in with it.
 */

const count = new Intl.NumberFormat('en-US');

export const SHOP_TEXT = {
  skipLink: 'Skip to content',
  shop: 'Shop',
  quoteLink: 'Quote',
  /** The header's link to the buyer portal; a signed-in buyer's name replaces it (web/shop/header.ts). */
  signIn: 'Sign in',
  accountOf: (name: string) => `Your account, ${name}`,
  basketCount: (n: number) => `${n} product${n === 1 ? '' : 's'} in your quote`,
  searchLabel: 'Search products',
  searchButton: 'Search',
  categories: 'Categories',
  allProducts: 'All products',
  brand: 'Brand',
  allBrands: 'All brands',
  apply: 'Apply',
  withCount: (label: string, n: number) => `${label} (${count.format(n)})`,
  priceRange: 'Price',
  priceFrom: 'From',
  priceTo: 'To',
  priceBetween: (min: string, max: string) => `${min} – ${max}`,
  priceChip: (min: string | null, max: string | null) =>
    min && max ? `${min} – ${max}` : min ? `From ${min}` : `Up to ${max}`,
  specRange: 'Range',
  specRangeHint: (min: string, max: string, unit: string) =>
    `${min}–${max}${unit ? ` ${unit}` : ''}, for example ${min}..${max}`,
  specRangeChip: (key: string, min: string | null, max: string | null) =>
    min !== null && max !== null
      ? `${key}: ${min}–${max}`
      : min !== null
        ? `${key}: ${min} or more`
        : `${key}: up to ${max}`,
  applyFilters: 'Apply filters',
  sortLabel: 'Sort by',
  sortButton: 'Sort',
  sorts: {
    relevance: 'Best match',
    newest: 'Newest',
    price: 'Price: low to high',
    price_desc: 'Price: high to low',
    name: 'Name',
  },
  filters: (active: number) => (active > 0 ? `Filters (${count.format(active)})` : 'Filters'),
  results: (total: number, exact: boolean) =>
    `${exact ? '' : 'About '}${count.format(total)} product${total === 1 ? '' : 's'}`,
  searchResultsFor: (q: string) => `Results for “${q}”`,
  noResults: 'No products match these filters.',
  /** Before the suggested search's link, which a question mark follows. */
  didYouMean: 'Did you mean',
  noProductsYet: 'No products yet. Check back soon.',
  pastLastPage: 'There are no products on this page.',
  clearFilters: 'Clear filters',
  firstPage: 'Go to the first page',
  pagination: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageSuffix: (page: number) => `, page ${count.format(page)}`,
  pageOf: (page: number, pages: number, exact: boolean) =>
    `Page ${count.format(page)} of ${exact ? '' : 'about '}${count.format(pages)}`,
  noImage: 'No image',
  regularPrice: 'Regular price',
  price: 'Price',
  images: 'Images',
  showImage: (n: number) => `Show image ${n}`,
  imageAlt: (name: string, n: number) => `${name}, image ${n}`,
  brandLabel: 'Brand',
  categoryLabel: 'Category',
  skuLabel: 'SKU',
  /** The product page's quantity breaks: "10+ $9.50 each", what a visitor pays from that quantity on. */
  tiersLabel: 'Price breaks',
  tierEach: (minQuantity: number, price: string) => `${count.format(minQuantity)}+ ${price} each`,
  /**
   * A signed-in buyer's own price beside the list price (web/shop/your-price.ts), with where it
   * came from (domain/customer-pricing priceSourceLabel); "from" on a card whose variants differ.
   */
  yourPrice: 'Your price',
  yourPriceFrom: 'Your price from',
  /** Under the basket's estimate when it is made of the buyer's own prices. */
  yourPricesNote: 'Totals use your prices for these quantities; your quote confirms them.',
  /** Before a list card's lowest price, where its variants' prices differ. */
  fromPrice: 'From',
  /** A value of an option no variant has with the other options chosen: choosing it changes them. */
  valueWithOthers: 'available with other choices',
  valueUnavailable: 'not available',
  /** A product whose variants are all discontinued. */
  noVariantAvailable: 'This product is not available at the moment.',
  details: 'Details',
  quantity: 'Quantity',
  addToQuote: 'Add to quote',
  added: (name: string) => `${name} was added to your quote.`,
  viewQuote: 'View your quote',
  basketFull: (max: number) =>
    `Your quote already holds ${max} products, as many as one request can. Send it, or remove one first.`,
  basketTitle: 'Your quote request',
  basketIntro: 'Check the products and quantities, tell us how to reach you, and we will send you a quote.',
  basketEmpty: 'Your quote is empty.',
  browseShop: 'Browse the shop',
  needsScript:
    'The quote basket keeps its products in your browser and needs JavaScript. Please turn JavaScript on to send a quote request.',
  productsHeading: 'Products',
  remove: 'Remove',
  removeNamed: (name: string) => `Remove ${name}`,
  quantityOf: (name: string) => `Quantity of ${name}`,
  unitPrice: 'Unit price shown',
  contactHeading: 'Your details',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  message: 'Message',
  optional: 'optional',
  honeypot: 'Leave this field empty',
  send: 'Request a quote',
  sending: 'Sending…',
  sentTitle: 'Thank you',
  sent: 'Your quote request has been sent. We will be in touch soon.',
  reference: 'Your reference:',
  continueShopping: 'Continue shopping',
  sendFailed: 'Your request could not be sent. Please check your connection and try again.',
  fixFields: 'Please correct the fields marked below.',
  fixLines: 'Remove the products marked below, then send your request again.',
  /** A refused line, named as the basket stored it (the server names no product it refuses). */
  lineUnavailable: (name: string) => `${name} is no longer available`,
  pricesNote: 'Prices are those shown when each product was added; the quote confirms them.',
  lineTotal: 'Line total',
  estimatedTotal: 'Estimated total',
  /** Under the estimate: what it is made of, and that it is no price yet. */
  estimateNote: (priced: number, lines: number) =>
    `An estimate from the prices shown${priced < lines ? `, for the ${priced} of ${lines} products with a price` : ''}; your quote gives the final prices.`,
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you asked for is not in the shop. The product may have been removed or renamed.',
  badRequestTitle: 'That address is not right',
  unavailableTitle: 'The shop is busy',
  unavailableText: 'Please try again in a moment.',
  errorTitle: 'Something went wrong',
  errorText: 'Please try again later.',
  backToShop: 'Back to the shop',
} as const;
