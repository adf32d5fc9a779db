import { pageCount } from '#domain/paging';
import {
  OPTION_PARAM_PREFIX,
  SHOP_PAGE_SIZE,
  SHOP_SORTS,
  type ShopListQuery,
  SPEC_PARAM_PREFIX,
  shopSort,
} from '#domain/shop';
import { specRangeText } from '#domain/spec-values';
import type { ShopFacets, SpecFacet } from '../facets';
import { html, type SafeHtml, withQuery } from './html';
import { layout, type PageChrome, pageChrome, type ShopChrome, shopHref } from './layout';
import { money, priceBlock, type ShownPrice } from './price';
import { yourPriceSlot } from './your-price';

/** A product as the catalogue's card shows it. */
export type ShopCard = ShownPrice & {
  id: number;
  /** Its variants' prices differ: the price shown is the lowest, "From". */
  from: boolean;
  /** The variant a search for its SKU found, which the card links to; else null. */
  variant: number | null;
  slug: string;
  name: string;
  brand: string | null;
  /** The primary image's thumbnail URL, or null. */
  image: string | null;
};

/** A category in the browsing tree: the roots, and the children along the chosen one's path. */
export type CategoryNode = { id: number; name: string; slug: string; children: CategoryNode[] };

export type ListPage = {
  query: ShopListQuery;
  category: { id: number; name: string; slug: string } | null;
  brand: { name: string; slug: string } | null;
  tree: CategoryNode[];
  /** The ids of the chosen category and its ancestors, root first. */
  path: number[];
  facets: ShopFacets;
  cards: ShopCard[];
  total: number;
  exact: boolean;
  /** A search that finds products when q finds none ("Did you mean"). */
  suggestion?: string | null;
};

/** A list page as rendered: its data, and the page's language. */
type Page = ListPage & { chrome: PageChrome };

/** Card images: the thumbnail's frame (a 320 px square at most), so nothing moves as they load. */
const CARD_IMAGE = 320;

/** A query's state as URL parameters, in one order: the links and the forms' hidden fields agree. */
function queryParams(query: ShopListQuery): Record<string, string | readonly string[] | null> {
  const params: Record<string, string | readonly string[] | null> = {
    q: query.q,
    category: query.category,
    brand: query.brand,
    price_min: query.priceMin !== null ? centsText(query.priceMin) : null,
    price_max: query.priceMax !== null ? centsText(query.priceMax) : null,
  };
  for (const spec of query.specs)
    params[`${spec.option ? OPTION_PARAM_PREFIX : SPEC_PARAM_PREFIX}${spec.key}`] = [
      ...spec.values,
      ...spec.ranges.map(specRangeText),
    ];
  params.sort = query.sort;
  return params;
}

/** Cents as the URL and the price inputs write them: 1250 is "12.50". */
const centsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * The list's path with some of its state changed, in the default language (the page head's form);
 * the page goes back to 1 unless given.
 */
function listPath(query: ShopListQuery, change: Partial<ShopListQuery>): string {
  const next = { ...query, page: 1, ...change };
  return withQuery('/shop', { ...queryParams(next), page: next.page > 1 ? String(next.page) : null });
}

/** The list's URL with some of its state changed, in the page's language. */
const listUrl = (chrome: PageChrome, query: ShopListQuery, change: Partial<ShopListQuery>) =>
  shopHref(chrome, listPath(query, change));

/** The state a form keeps as it sends its own fields: every parameter it does not set itself. */
function hiddenState(query: ShopListQuery, own: (name: string) => boolean): SafeHtml[] {
  const fields: SafeHtml[] = [];
  for (const [name, value] of Object.entries(queryParams(query)))
    if (!own(name))
      for (const one of Array.isArray(value) ? value : [value])
        if (one) fields.push(html`<input type="hidden" name="${name}" value="${one}">`);
  return fields;
}

function card(chrome: PageChrome, c: ShopCard): SafeHtml {
  const { currency, text } = chrome;
  return html`<li class="card">
<div class="card-image">${
    c.image
      ? html`<img src="${c.image}" alt="" width="${CARD_IMAGE}" height="${CARD_IMAGE}" loading="lazy" decoding="async">`
      : html`<span class="no-image">${text.noImage}</span>`
  }</div>
<div class="card-body">
<h2 class="card-title"><a href="${shopHref(chrome, withQuery(`/shop/${c.slug}`, { variant: c.variant }))}">${c.name}</a></h2>
${c.brand ? html`<p class="card-brand">${c.brand}</p>` : ''}
${priceBlock(chrome, c, 'price', c.from)}
${yourPriceSlot({ currency, productId: c.id, price: c.price.final, from: c.from })}
</div>
</li>`;
}

function categoryNav(page: Page): SafeHtml {
  const here = page.category?.id ?? null;
  const items = (nodes: CategoryNode[]): SafeHtml =>
    html`<ul>${nodes.map(
      (n) =>
        html`<li><a href="${listUrl(page.chrome, page.query, { category: n.slug })}"${
          n.id === here ? html` aria-current="page"` : ''
        }${page.path.includes(n.id) ? html` class="on-path"` : ''}>${n.name}</a>${
          n.children.length > 0 ? items(n.children) : ''
        }</li>`,
    )}</ul>`;
  return html`<nav class="category-nav" aria-labelledby="categories-heading">
<h2 id="categories-heading">${page.chrome.text.categories}</h2>
<ul><li><a href="${listUrl(page.chrome, page.query, { category: null })}"${here === null ? html` aria-current="page"` : ''}>${page.chrome.text.allProducts}</a></li></ul>
${items(page.tree)}
</nav>`;
}

function brandFilter(page: Page): SafeHtml {
  const { query } = page;
  const options = page.facets.brands.filter((b) => b.count > 0 || b.slug === query.brand);
  if (page.brand && !options.some((b) => b.slug === query.brand))
    options.push({ slug: page.brand.slug, name: page.brand.name, count: 0 });
  // The script applies a choice at once and hides the button (web/shop/filters.ts).
  return html`<form class="brand-filter" action="${shopHref(page.chrome, '/shop')}" method="get" data-brand-filter>
${hiddenState(query, (name) => name === 'brand')}
<label for="brand-select">${page.chrome.text.brand}</label>
<div class="inline-field">
<select id="brand-select" name="brand">
<option value="">${page.chrome.text.allBrands}</option>
${options.map(
  (b) =>
    html`<option value="${b.slug}"${b.slug === query.brand ? html` selected` : ''}>${page.chrome.text.withCount(b.name, b.count)}</option>`,
)}
</select>
<button type="submit" class="button-secondary" data-apply>${page.chrome.text.apply}</button>
</div>
</form>`;
}

function priceFacet(page: Page): SafeHtml | string {
  const { query, facets } = page;
  if (!facets.price && query.priceMin === null && query.priceMax === null) return '';
  const bound = (name: string, label: string, value: number | null, hint: number | undefined) =>
    html`<label class="facet-bound">${label}
<input type="number" name="${name}" min="0" step="0.01" inputmode="decimal"${
      value !== null ? html` value="${centsText(value)}"` : ''
    }${hint !== undefined ? html` placeholder="${centsText(hint)}"` : ''}></label>`;
  return html`<fieldset class="facet">
<legend>${page.chrome.text.priceRange}</legend>
${facets.price ? html`<p class="facet-hint">${page.chrome.text.priceBetween(money(page.chrome, facets.price.min / 100), money(page.chrome, facets.price.max / 100))}</p>` : ''}
<div class="facet-bounds">
${bound('price_min', page.chrome.text.priceFrom, query.priceMin, facets.price?.min)}
${bound('price_max', page.chrome.text.priceTo, query.priceMax, facets.price?.max)}
</div>
</fieldset>`;
}

function specFacet(page: Page, facet: SpecFacet, n: number): SafeHtml {
  const active = page.query.specs.find((s) => s.norm === facet.norm);
  const chosen = new Set(active?.values.map((v) => v.toLowerCase()));
  const name = `${facet.option ? OPTION_PARAM_PREFIX : SPEC_PARAM_PREFIX}${facet.key}`;
  const range = active?.ranges[0];
  return html`<fieldset class="facet">
<legend>${facet.key}</legend>
<ul class="facet-values">${facet.values.map(
    (v, i) =>
      html`<li><label><input type="checkbox" name="${name}" value="${v.value}" id="facet-${n}-${i}"${
        chosen.has(v.value.toLowerCase()) ? html` checked` : ''
      }> ${v.value} <span class="facet-count">(${v.count})</span></label></li>`,
  )}</ul>
${
  facet.numeric
    ? html`<label class="facet-range">${page.chrome.text.specRange}
<input type="text" name="${name}" inputmode="decimal" autocomplete="off" spellcheck="false"${
        range ? html` value="${specRangeText(range)}"` : ''
      } placeholder="${facet.numeric.min}..${facet.numeric.max}" aria-describedby="facet-${n}-hint"></label>
<p class="facet-hint" id="facet-${n}-hint">${page.chrome.text.specRangeHint(facet.numeric.min, facet.numeric.max, facet.numeric.unit)}</p>`
    : ''
}
</fieldset>`;
}

/** Price and spec facets in one form: each value a checkbox with its count, applied by the button. */
function facetForm(page: Page): SafeHtml | string {
  const price = priceFacet(page);
  if (!price && page.facets.specs.length === 0) return '';
  const own = (name: string) =>
    name.startsWith(SPEC_PARAM_PREFIX) ||
    name.startsWith(OPTION_PARAM_PREFIX) ||
    name === 'price_min' ||
    name === 'price_max';
  return html`<form class="facet-form" action="${shopHref(page.chrome, '/shop')}" method="get">
${hiddenState(page.query, own)}
${price}
${page.facets.specs.map((f, i) => specFacet(page, f, i))}
<button type="submit" class="button-secondary">${page.chrome.text.applyFilters}</button>
</form>`;
}

/** How many of the panel's filters are chosen (category, brand, price, each spec key); the search is the header's. */
const chosenFilters = (page: Page) =>
  (page.category ? 1 : 0) +
  (page.brand ? 1 : 0) +
  (page.query.priceMin !== null || page.query.priceMax !== null ? 1 : 0) +
  page.query.specs.length;

/** The filters in force, each with a link that drops it. */
function activeFilters(page: Page): SafeHtml | string {
  const { query } = page;
  const chips: [string, string][] = [];
  if (query.q) chips.push([`“${query.q}”`, listUrl(page.chrome, query, { q: '' })]);
  if (page.category) chips.push([page.category.name, listUrl(page.chrome, query, { category: null })]);
  if (page.brand) chips.push([page.brand.name, listUrl(page.chrome, query, { brand: null })]);
  if (query.priceMin !== null || query.priceMax !== null) {
    const amount = (cents: number | null) => (cents === null ? null : money(page.chrome, cents / 100));
    chips.push([
      page.chrome.text.priceChip(amount(query.priceMin), amount(query.priceMax)),
      listUrl(page.chrome, query, { priceMin: null, priceMax: null }),
    ]);
  }
  for (const spec of query.specs) {
    const without = (change: Partial<typeof spec>) =>
      query.specs
        .map((s) => (s === spec ? { ...s, ...change } : s))
        .filter((s) => s.values.length + s.ranges.length > 0);
    for (const value of spec.values)
      chips.push([
        `${spec.key}: ${value}`,
        listUrl(page.chrome, query, { specs: without({ values: spec.values.filter((v) => v !== value) }) }),
      ]);
    for (const range of spec.ranges)
      chips.push([
        page.chrome.text.specRangeChip(spec.key, range.min, range.max),
        listUrl(page.chrome, query, { specs: without({ ranges: spec.ranges.filter((r) => r !== range) }) }),
      ]);
  }
  if (chips.length === 0) return '';
  return html`<ul class="chips">${chips.map(
    ([label, href]) =>
      html`<li><a class="chip" href="${href}"><span class="visually-hidden">${page.chrome.text.clearFilters}: </span>${label}<span aria-hidden="true"> ×</span></a></li>`,
  )}<li><a href="${shopHref(page.chrome, '/shop')}">${page.chrome.text.clearFilters}</a></li></ul>`;
}

/** The order select, applied by its button (the script applies a choice at once). */
function sortForm(page: Page): SafeHtml {
  const { query } = page;
  const current = shopSort(query);
  const sorts = SHOP_SORTS.filter((s) => s !== 'relevance' || query.q);
  return html`<form class="sort-form" action="${shopHref(page.chrome, '/shop')}" method="get" data-select-filter>
${hiddenState(query, (name) => name === 'sort')}
<label for="sort-select">${page.chrome.text.sortLabel}</label>
<div class="inline-field">
<select id="sort-select" name="sort">
${sorts.map((s) => html`<option value="${s}"${s === current ? html` selected` : ''}>${page.chrome.text.sorts[s]}</option>`)}
</select>
<button type="submit" class="button-secondary" data-apply>${page.chrome.text.sortButton}</button>
</div>
</form>`;
}

function pagination(page: Page): SafeHtml | string {
  const pages = pageCount(page.total, SHOP_PAGE_SIZE);
  const current = page.query.page;
  if (pages <= 1 && current <= 1) return '';
  // An estimated total may be short of the truth: a full page always offers the next one.
  const hasNext = current < pages || (!page.exact && page.cards.length === SHOP_PAGE_SIZE);
  const shown = new Set([1, current - 2, current - 1, current, current + 1, current + 2]);
  if (page.exact) shown.add(pages);
  const numbers = [...shown].filter((n) => n >= 1 && (n <= pages || n === current)).sort((a, b) => a - b);
  const link = (n: number) => listUrl(page.chrome, page.query, { page: n });
  const items: SafeHtml[] = [];
  numbers.forEach((n, i) => {
    if (i > 0 && n - numbers[i - 1] > 1) items.push(html`<li class="gap" aria-hidden="true">…</li>`);
    items.push(
      n === current
        ? html`<li><a href="${link(n)}" aria-current="page">${n}</a></li>`
        : html`<li><a href="${link(n)}">${n}</a></li>`,
    );
  });
  return html`<nav class="pagination" aria-label="${page.chrome.text.pagination}">
<ul>
${current > 1 ? html`<li><a href="${link(current - 1)}" rel="prev">${page.chrome.text.previous}</a></li>` : ''}
${items}
${hasNext ? html`<li><a href="${link(current + 1)}" rel="next">${page.chrome.text.next}</a></li>` : ''}
</ul>
<p class="page-of">${page.chrome.text.pageOf(current, Math.max(pages, current), page.exact)}</p>
</nav>`;
}

function emptyState(page: Page): SafeHtml {
  const filtered = Boolean(page.query.q || page.category || page.brand || chosenFilters(page) > 0);
  if (page.query.page > 1 && page.total > 0)
    return html`<div class="empty-state"><p>${page.chrome.text.pastLastPage}</p><p><a href="${listUrl(page.chrome, page.query, {})}">${page.chrome.text.firstPage}</a></p></div>`;
  // Nothing chosen and nothing shown: the shop has no published product yet, no filter is to blame.
  if (!filtered) return html`<div class="empty-state"><p>${page.chrome.text.noProductsYet}</p></div>`;
  const suggestion = page.suggestion
    ? html`<p>${page.chrome.text.didYouMean} <a href="${shopHref(page.chrome, withQuery('/shop', { q: page.suggestion }))}" rel="nofollow">${page.suggestion}</a>?</p>`
    : '';
  return html`<div class="empty-state"><p>${page.chrome.text.noResults}</p>${suggestion}<p><a href="${shopHref(page.chrome, '/shop')}">${page.chrome.text.clearFilters}</a></p></div>`;
}

export function renderList(site: ShopChrome, list: ListPage): string {
  const chrome = pageChrome(site);
  const page: Page = { ...list, chrome };
  const { query } = page;
  const heading = query.q
    ? chrome.text.searchResultsFor(query.q)
    : (page.category?.name ?? page.brand?.name ?? chrome.text.allProducts);
  const main = html`<div class="wrap catalogue">
<div class="catalogue-head">
<h1>${heading}</h1>
<div class="result-bar">
<p class="result-count">${chrome.text.results(page.total, page.exact)}</p>
${sortForm(page)}
</div>
${activeFilters(page)}
</div>
<aside class="filters">
<details class="filters-fold" data-filters>
<summary class="filters-toggle">${chrome.text.filters(chosenFilters(page))}</summary>
<div class="filters-body">
${categoryNav(page)}
${brandFilter(page)}
${facetForm(page)}
</div>
</details>
</aside>
<section class="results" aria-label="${chrome.text.productsHeading}">
${page.cards.length > 0 ? html`<ul class="cards">${page.cards.map((c) => card(chrome, c))}</ul>` : emptyState(page)}
${pagination(page)}
</section>
</div>`;
  const keep: Record<string, string> = {};
  if (query.category) keep.category = query.category;
  if (query.brand) keep.brand = query.brand;
  const faceted = chosenFilters(page) - (page.category ? 1 : 0) - (page.brand ? 1 : 0) > 0;
  return layout(
    chrome,
    {
      title: query.page > 1 ? `${heading}${chrome.text.pageSuffix(query.page)}` : heading,
      description: chrome.text.listDescription(
        heading,
        chrome.text.results(page.total, page.exact),
        chrome.companyName,
      ),
      canonical: listPath({ ...query, q: '', sort: null }, { page: query.page }),
      here: listPath(query, { page: query.page }),
      // A search's results, and the endless combinations of facets, are no pages of their own
      // for search engines.
      noindex: Boolean(query.q) || faceted,
      og: { type: 'website' },
    },
    main,
    { search: { q: query.q, keep } },
  );
}
