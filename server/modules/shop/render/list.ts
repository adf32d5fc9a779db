import { pageCount } from '#domain/paging';
import { SHOP_PAGE_SIZE, type ShopListQuery } from '#domain/shop';
import { SHOP_TEXT } from '#domain/shop-texts';
import { html, type SafeHtml, withQuery } from './html';
import { layout, type ShopChrome } from './layout';
import { priceBlock, type ShownPrice } from './price';

/** A product as the catalogue's card shows it. */
export type ShopCard = ShownPrice & {
  id: number;
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
  brands: { name: string; slug: string }[];
  cards: ShopCard[];
  total: number;
  exact: boolean;
  /** A search that finds products when q finds none ("Did you mean"). */
  suggestion?: string | null;
};

/** Card images: the thumbnail's frame (a 320 px square at most), so nothing moves as they load. */
const CARD_IMAGE = 320;

/** The list's URL with some of its state changed; the page goes back to 1 unless given. */
function listUrl(query: ShopListQuery, change: Partial<ShopListQuery>): string {
  const next = { ...query, page: 1, ...change };
  return withQuery('/shop', {
    q: next.q,
    category: next.category,
    brand: next.brand,
    page: next.page > 1 ? next.page : null,
  });
}

function card(currency: string, c: ShopCard): SafeHtml {
  return html`<li class="card">
<div class="card-image">${
    c.image
      ? html`<img src="${c.image}" alt="" width="${CARD_IMAGE}" height="${CARD_IMAGE}" loading="lazy" decoding="async">`
      : html`<span class="no-image">${SHOP_TEXT.noImage}</span>`
  }</div>
<div class="card-body">
<h2 class="card-title"><a href="/shop/${c.slug}">${c.name}</a></h2>
${c.brand ? html`<p class="card-brand">${c.brand}</p>` : ''}
${priceBlock(currency, c)}
</div>
</li>`;
}

function categoryNav(page: ListPage): SafeHtml {
  const here = page.category?.id ?? null;
  const items = (nodes: CategoryNode[]): SafeHtml =>
    html`<ul>${nodes.map(
      (n) =>
        html`<li><a href="${listUrl(page.query, { category: n.slug })}"${
          n.id === here ? html` aria-current="page"` : ''
        }${page.path.includes(n.id) ? html` class="on-path"` : ''}>${n.name}</a>${
          n.children.length > 0 ? items(n.children) : ''
        }</li>`,
    )}</ul>`;
  return html`<nav class="category-nav" aria-labelledby="categories-heading">
<h2 id="categories-heading">${SHOP_TEXT.categories}</h2>
<ul><li><a href="${listUrl(page.query, { category: null })}"${here === null ? html` aria-current="page"` : ''}>${SHOP_TEXT.allProducts}</a></li></ul>
${items(page.tree)}
</nav>`;
}

function brandFilter(page: ListPage): SafeHtml {
  const { query } = page;
  // The script applies a choice at once and hides the button (web/shop/filters.ts).
  return html`<form class="brand-filter" action="/shop" method="get" data-brand-filter>
${query.q ? html`<input type="hidden" name="q" value="${query.q}">` : ''}
${query.category ? html`<input type="hidden" name="category" value="${query.category}">` : ''}
<label for="brand-select">${SHOP_TEXT.brand}</label>
<div class="inline-field">
<select id="brand-select" name="brand">
<option value="">${SHOP_TEXT.allBrands}</option>
${page.brands.map(
  (b) => html`<option value="${b.slug}"${b.slug === query.brand ? html` selected` : ''}>${b.name}</option>`,
)}
</select>
<button type="submit" class="button-secondary" data-apply>${SHOP_TEXT.apply}</button>
</div>
</form>`;
}

/** How many of the panel's filters are chosen (the category, the brand); the search is the header's. */
const chosenFilters = (page: ListPage) => (page.category ? 1 : 0) + (page.brand ? 1 : 0);

/** The filters in force, each with a link that drops it. */
function activeFilters(page: ListPage): SafeHtml | string {
  const chips: [string, string][] = [];
  if (page.query.q) chips.push([`“${page.query.q}”`, listUrl(page.query, { q: '' })]);
  if (page.category) chips.push([page.category.name, listUrl(page.query, { category: null })]);
  if (page.brand) chips.push([page.brand.name, listUrl(page.query, { brand: null })]);
  if (chips.length === 0) return '';
  return html`<ul class="chips">${chips.map(
    ([label, href]) =>
      html`<li><a class="chip" href="${href}"><span class="visually-hidden">${SHOP_TEXT.clearFilters}: </span>${label}<span aria-hidden="true"> ×</span></a></li>`,
  )}<li><a href="/shop">${SHOP_TEXT.clearFilters}</a></li></ul>`;
}

function pagination(page: ListPage): SafeHtml | string {
  const pages = pageCount(page.total, SHOP_PAGE_SIZE);
  const current = page.query.page;
  if (pages <= 1 && current <= 1) return '';
  // An estimated total may be short of the truth: a full page always offers the next one.
  const hasNext = current < pages || (!page.exact && page.cards.length === SHOP_PAGE_SIZE);
  const shown = new Set([1, current - 2, current - 1, current, current + 1, current + 2]);
  if (page.exact) shown.add(pages);
  const numbers = [...shown].filter((n) => n >= 1 && (n <= pages || n === current)).sort((a, b) => a - b);
  const link = (n: number) => listUrl(page.query, { page: n });
  const items: SafeHtml[] = [];
  numbers.forEach((n, i) => {
    if (i > 0 && n - numbers[i - 1] > 1) items.push(html`<li class="gap" aria-hidden="true">…</li>`);
    items.push(
      n === current
        ? html`<li><a href="${link(n)}" aria-current="page">${n}</a></li>`
        : html`<li><a href="${link(n)}">${n}</a></li>`,
    );
  });
  return html`<nav class="pagination" aria-label="${SHOP_TEXT.pagination}">
<ul>
${current > 1 ? html`<li><a href="${link(current - 1)}" rel="prev">${SHOP_TEXT.previous}</a></li>` : ''}
${items}
${hasNext ? html`<li><a href="${link(current + 1)}" rel="next">${SHOP_TEXT.next}</a></li>` : ''}
</ul>
<p class="page-of">${SHOP_TEXT.pageOf(current, Math.max(pages, current), page.exact)}</p>
</nav>`;
}

function emptyState(page: ListPage): SafeHtml {
  const filtered = Boolean(page.query.q || page.category || page.brand);
  if (page.query.page > 1 && page.total > 0)
    return html`<div class="empty-state"><p>${SHOP_TEXT.pastLastPage}</p><p><a href="${listUrl(page.query, {})}">${SHOP_TEXT.firstPage}</a></p></div>`;
  // Nothing chosen and nothing shown: the shop has no published product yet, no filter is to blame.
  if (!filtered) return html`<div class="empty-state"><p>${SHOP_TEXT.noProductsYet}</p></div>`;
  const suggestion = page.suggestion
    ? html`<p>${SHOP_TEXT.didYouMean} <a href="${withQuery('/shop', { q: page.suggestion })}" rel="nofollow">${page.suggestion}</a>?</p>`
    : '';
  return html`<div class="empty-state"><p>${SHOP_TEXT.noResults}</p>${suggestion}<p><a href="/shop">${SHOP_TEXT.clearFilters}</a></p></div>`;
}

export function renderList(chrome: ShopChrome, page: ListPage): string {
  const { query } = page;
  const heading = query.q
    ? SHOP_TEXT.searchResultsFor(query.q)
    : (page.category?.name ?? page.brand?.name ?? SHOP_TEXT.allProducts);
  const main = html`<div class="wrap catalogue">
<div class="catalogue-head">
<h1>${heading}</h1>
<p class="result-count">${SHOP_TEXT.results(page.total, page.exact)}</p>
${activeFilters(page)}
</div>
<aside class="filters">
<details class="filters-fold" data-filters>
<summary class="filters-toggle">${SHOP_TEXT.filters(chosenFilters(page))}</summary>
<div class="filters-body">
${categoryNav(page)}
${brandFilter(page)}
</div>
</details>
</aside>
<section class="results" aria-label="${SHOP_TEXT.productsHeading}">
${page.cards.length > 0 ? html`<ul class="cards">${page.cards.map((c) => card(chrome.currency, c))}</ul>` : emptyState(page)}
${pagination(page)}
</section>
</div>`;
  const keep: Record<string, string> = {};
  if (query.category) keep.category = query.category;
  if (query.brand) keep.brand = query.brand;
  return layout(
    chrome,
    {
      title: query.page > 1 ? `${heading}${SHOP_TEXT.pageSuffix(query.page)}` : heading,
      description: `${heading}: ${SHOP_TEXT.results(page.total, page.exact)} from ${chrome.companyName}.`,
      canonical: listUrl({ ...query, q: '' }, { page: query.page }),
      // A search's results are not a page of their own for search engines.
      noindex: Boolean(query.q),
      og: { type: 'website' },
    },
    main,
    { search: { q: query.q, keep } },
  );
}
