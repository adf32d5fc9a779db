/**
 * The shop's words in a locale, shared by its server-rendered pages and its script (web/shop/),
 * from the `shop` catalogues (domain/locales/<locale>/shop.ts) through the i18n wrapper. This
 * module imports neither Zod nor anything server-side: the script's bundle must stay small.
 */
import { createTranslations, SOURCE_LOCALE } from './i18n';
import de from './locales/de/shop';
import en from './locales/en/shop';

/** The shop's catalogues by locale: a language gets its pages' texts by adding one here. */
export const SHOP_CATALOGUES = { en, de };

const translations = createTranslations({ shop: SHOP_CATALOGUES });

/** The locale numbers are written in: English as the shop always wrote them (1,234). */
export const numberLocale = (locale: string) => (locale === SOURCE_LOCALE ? 'en-US' : locale);

/** The shop's texts in a locale; a key the locale lacks, and a locale with no catalogue, read English. */
export function shopText(locale: string) {
  const t = translations.translator(locale, 'shop');
  const format = new Intl.NumberFormat(numberLocale(locale));
  const n = (value: number) => format.format(value);
  const percent = new Intl.NumberFormat(numberLocale(locale), { maximumFractionDigits: 2 });
  return {
    skipLink: t('skipLink'),
    shop: t('shop'),
    quoteLink: t('quoteLink'),
    /** The header's link to the buyer portal; a signed-in buyer's name replaces it (web/shop/header.ts). */
    signIn: t('signIn'),
    accountOf: (name: string) => t('accountOf', { name }),
    basketCount: (count: number) => t('basketCount', { count }),
    searchLabel: t('searchLabel'),
    searchButton: t('searchButton'),
    categories: t('categories'),
    allProducts: t('allProducts'),
    brand: t('brand'),
    allBrands: t('allBrands'),
    apply: t('apply'),
    withCount: (label: string, count: number) => t('withCount', { label, n: n(count) }),
    priceRange: t('priceRange'),
    priceFrom: t('priceFrom'),
    priceTo: t('priceTo'),
    priceBetween: (min: string, max: string) => t('priceBetween', { min, max }),
    priceChip: (min: string | null, max: string | null) =>
      min && max
        ? t('priceChipBoth', { min, max })
        : min
          ? t('priceChipMin', { min })
          : t('priceChipMax', { max }),
    specRange: t('specRange'),
    specRangeHint: (min: string, max: string, unit: string) =>
      t('specRangeHint', { min, max, unit: unit ? ` ${unit}` : '' }),
    specRangeChip: (key: string, min: string | null, max: string | null) =>
      min !== null && max !== null
        ? t('specRangeChipBoth', { key, min, max })
        : min !== null
          ? t('specRangeChipMin', { key, min })
          : t('specRangeChipMax', { key, max }),
    applyFilters: t('applyFilters'),
    sortLabel: t('sortLabel'),
    sortButton: t('sortButton'),
    sorts: {
      relevance: t('sorts.relevance'),
      newest: t('sorts.newest'),
      price: t('sorts.price'),
      price_desc: t('sorts.price_desc'),
      name: t('sorts.name'),
    },
    filters: (active: number) => (active > 0 ? t('filtersActive', { n: n(active) }) : t('filters')),
    results: (total: number, exact: boolean) =>
      t(exact ? 'results' : 'resultsAbout', { count: total, n: n(total) }),
    searchResultsFor: (q: string) => t('searchResultsFor', { q }),
    noResults: t('noResults'),
    /** Before the suggested search's link, which a question mark follows. */
    didYouMean: t('didYouMean'),
    noProductsYet: t('noProductsYet'),
    pastLastPage: t('pastLastPage'),
    clearFilters: t('clearFilters'),
    firstPage: t('firstPage'),
    pagination: t('pagination'),
    previous: t('previous'),
    next: t('next'),
    pageSuffix: (page: number) => t('pageSuffix', { page: n(page) }),
    pageOf: (page: number, pages: number, exact: boolean) =>
      t(exact ? 'pageOf' : 'pageOfAbout', { page: n(page), pages: n(pages) }),
    /** A list page's meta description. */
    listDescription: (heading: string, results: string, company: string) =>
      t('listDescription', { heading, results, company }),
    noImage: t('noImage'),
    regularPrice: t('regularPrice'),
    price: t('price'),
    images: t('images'),
    showImage: (i: number) => t('showImage', { n: i }),
    imageAlt: (name: string, i: number) => t('imageAlt', { name, n: i }),
    brandLabel: t('brandLabel'),
    categoryLabel: t('categoryLabel'),
    skuLabel: t('skuLabel'),
    /** A product page's meta description when the product has none of its own. */
    productDescription: (name: string, brand: string | null, company: string) =>
      brand
        ? t('productDescriptionBrand', { name, brand, company })
        : t('productDescription', { name, company }),
    /** The best discount's badge: '15% OFF', or the amount off, already formatted as money. */
    discountOff: (discount: { type: string; value: number }, amount: string) =>
      discount.type === 'percent'
        ? t('percentOff', { n: percent.format(discount.value) })
        : t('amountOff', { amount }),
    /** The product page's quantity breaks: "10+ $9.50 each", what a visitor pays from that quantity on. */
    tiersLabel: t('tiersLabel'),
    tierEach: (minQuantity: number, price: string) => t('tierEach', { n: n(minQuantity), price }),
    /**
     * A signed-in buyer's own price beside the list price (web/shop/your-price.ts), with where it
     * came from (domain/customer-pricing priceSourceLabel); "from" on a card whose variants differ.
     */
    yourPrice: t('yourPrice'),
    yourPriceFrom: t('yourPriceFrom'),
    /** Under the basket's estimate when it is made of the buyer's own prices. */
    yourPricesNote: t('yourPricesNote'),
    /** Before a list card's lowest price, where its variants' prices differ. */
    fromPrice: t('fromPrice'),
    /** A value of an option no variant has with the other options chosen: choosing it changes them. */
    valueWithOthers: t('valueWithOthers'),
    valueUnavailable: t('valueUnavailable'),
    /** A product whose variants are all discontinued. */
    noVariantAvailable: t('noVariantAvailable'),
    details: t('details'),
    quantity: t('quantity'),
    addToQuote: t('addToQuote'),
    added: (name: string) => t('added', { name }),
    viewQuote: t('viewQuote'),
    basketFull: (max: number) => t('basketFull', { max }),
    basketTitle: t('basketTitle'),
    basketIntro: t('basketIntro'),
    basketEmpty: t('basketEmpty'),
    browseShop: t('browseShop'),
    needsScript: t('needsScript'),
    productsHeading: t('productsHeading'),
    remove: t('remove'),
    removeNamed: (name: string) => t('removeNamed', { name }),
    quantityOf: (name: string) => t('quantityOf', { name }),
    unitPrice: t('unitPrice'),
    contactHeading: t('contactHeading'),
    name: t('name'),
    email: t('email'),
    phone: t('phone'),
    company: t('company'),
    message: t('message'),
    optional: t('optional'),
    honeypot: t('honeypot'),
    send: t('send'),
    sending: t('sending'),
    sentTitle: t('sentTitle'),
    sent: t('sent'),
    reference: t('reference'),
    continueShopping: t('continueShopping'),
    sendFailed: t('sendFailed'),
    fixFields: t('fixFields'),
    fixLines: t('fixLines'),
    /** A refused line, named as the basket stored it (the server names no product it refuses). */
    lineUnavailable: (name: string) => t('lineUnavailable', { name }),
    pricesNote: t('pricesNote'),
    lineTotal: t('lineTotal'),
    estimatedTotal: t('estimatedTotal'),
    /** Under the estimate: what it is made of, and that it is no price yet. */
    estimateNote: (priced: number, lines: number) =>
      priced < lines ? t('estimateNotePartial', { priced, lines }) : t('estimateNote'),
    notFoundTitle: t('notFoundTitle'),
    notFoundText: t('notFoundText'),
    badRequestTitle: t('badRequestTitle'),
    /** A bad request's words where the API's own message (English) would not be the page's language. */
    badRequestText: t('badRequestText'),
    unavailableTitle: t('unavailableTitle'),
    unavailableText: t('unavailableText'),
    errorTitle: t('errorTitle'),
    errorText: t('errorText'),
    backToShop: t('backToShop'),
    /** The language switcher's name. */
    language: t('language'),
    breadcrumb: t('breadcrumb'),
  };
}

export type ShopText = ReturnType<typeof shopText>;

/** The shop's texts in the default language, English. */
export const SHOP_TEXT: ShopText = shopText(SOURCE_LOCALE);
