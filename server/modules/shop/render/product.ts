import { thumbnailUrl } from '#domain/images';
import { INQUIRY_LIMITS } from '#domain/inquiries';
import { centsToDecimal, toCents } from '#domain/money';
import {
  type ContentSection,
  contentSections,
  parseTable,
  sectionTitle,
  specValue,
} from '#domain/product-content';
import type { ProductBundle } from '#domain/products';
import { SHOP_TEXT } from '#domain/shop-texts';
import { html, type SafeHtml, withQuery } from './html';
import { absoluteUrl, layout, type ShopChrome } from './layout';
import { priceBlock } from './price';

/** What the product page shows besides the bundle: where its category sits, its brand's slug. */
export type ProductLinks = {
  /** The category and its ancestors, root first. */
  categories: { name: string; slug: string }[];
  brandSlug: string | null;
};

/** The gallery's frames: a square of at most this many pixels, and the thumbnails'. */
const MAIN_IMAGE = 640;
const THUMB_IMAGE = 80;

/** A meta description's length: about what search results show before they cut. */
const DESCRIPTION_CHARS = 160;

/** Text on one line, cut at a word near `max` characters with an ellipsis when longer. */
function summary(text: string, max = DESCRIPTION_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

function gallery(bundle: ProductBundle): SafeHtml {
  const { images, base } = bundle;
  const first = images[0];
  if (!first)
    return html`<div class="gallery"><div class="gallery-main"><span class="no-image">${SHOP_TEXT.noImage}</span></div></div>`;
  const alt = (i: number) => images[i].alt || SHOP_TEXT.imageAlt(base.name, i + 1);
  // The first image is the page's largest paint: fetched at once, never lazily. Without the
  // script, a thumbnail's link opens its image.
  return html`<div class="gallery" data-gallery>
<div class="gallery-main"><img data-gallery-main src="${first.url}" alt="${alt(0)}" width="${MAIN_IMAGE}" height="${MAIN_IMAGE}" decoding="async" fetchpriority="high"></div>
${
  images.length > 1
    ? html`<ul class="gallery-thumbs" aria-label="${SHOP_TEXT.images}">${images.map(
        (image, i) =>
          html`<li><a href="${image.url}" data-gallery-thumb data-alt="${alt(i)}"${i === 0 ? html` aria-current="true"` : ''}><img src="${thumbnailUrl(image.url)}" alt="${SHOP_TEXT.showImage(i + 1)}" width="${THUMB_IMAGE}" height="${THUMB_IMAGE}" loading="lazy" decoding="async"></a></li>`,
      )}</ul>`
    : ''
}
</div>`;
}

const intro = (text: string | null) => (text ? html`<p class="section-intro">${text}</p>` : '');

/** A content section as the staff preview shows it: a list, a label/value table, or a table. */
function sectionBody(item: ContentSection): SafeHtml {
  switch (item.kind) {
    case 'list':
      return html`${intro(item.section.description)}<ul class="section-list">${item.section.items.map(
        (i) => html`<li>${i.caption}</li>`,
      )}</ul>`;
    case 'spec_group':
      return html`${intro(item.section.intro)}<div class="table-scroll"><table class="spec-table">
<tbody>${item.section.specs.map((s) => html`<tr><th scope="row">${s.label}</th><td>${specValue(s)}</td></tr>`)}</tbody>
</table></div>`;
    case 'table': {
      const { columns, rows } = parseTable(item.section);
      return html`${intro(item.section.intro)}<div class="table-scroll"><table class="data-table">
<thead><tr>${columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
<tbody>${rows.map((r) => html`<tr>${columns.map((_, i) => html`<td>${r[i] ?? ''}</td>`)}</tr>`)}</tbody>
</table></div>${item.section.note ? html`<p class="section-note">${item.section.note}</p>` : ''}`;
    }
  }
}

function sections(bundle: ProductBundle): SafeHtml[] {
  return contentSections(bundle).map((item) => {
    const id = `section-${item.block.id}`;
    return html`<section class="content-section" aria-labelledby="${id}">
<h2 id="${id}">${sectionTitle(item)}</h2>
${sectionBody(item)}
</section>`;
  });
}

/**
 * The product as structured data (schema.org Product with one Offer), for search engines. The
 * Offer has no `availability`: the catalogue keeps no stock, and a claim it cannot back is worse
 * than none.
 */
function productJsonLd(chrome: ShopChrome, bundle: ProductBundle, url: string) {
  const { base, price, images } = bundle;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: base.name,
    ...(base.sku ? { sku: base.sku } : {}),
    ...(base.brand ? { brand: { '@type': 'Brand', name: base.brand } } : {}),
    ...(images.length > 0 ? { image: images.map((i) => absoluteUrl(chrome, i.url)) } : {}),
    ...(base.description ? { description: base.description } : {}),
    offers: {
      '@type': 'Offer',
      price: centsToDecimal(toCents(price.final)),
      priceCurrency: chrome.currency,
      url,
    },
  };
}

/** What the quote basket keeps of the product when it is added (web/shop/basket.ts). */
function addToQuote(bundle: ProductBundle): SafeHtml {
  const { base, price, images } = bundle;
  // Without the script the form leads to the basket page, which says what it needs.
  return html`<form class="add-to-quote" action="/shop/quote" method="get" data-add-to-quote
 data-product-id="${base.id}" data-slug="${base.slug}" data-name="${base.name}" data-sku="${base.sku ?? ''}"
 data-image="${thumbnailUrl(images[0]?.url) ?? ''}" data-price="${price.final}" data-max-lines="${INQUIRY_LIMITS.lines}">
<div class="inline-field">
<div class="quantity-field">
<label for="quantity">${SHOP_TEXT.quantity}</label>
<input id="quantity" name="quantity" type="number" inputmode="numeric" min="1" max="${INQUIRY_LIMITS.quantity}" step="1" value="1" required>
</div>
<button type="submit" class="button-primary">${SHOP_TEXT.addToQuote}</button>
</div>
<p class="add-status" role="status" data-add-status></p>
</form>`;
}

export function renderProduct(chrome: ShopChrome, bundle: ProductBundle, links: ProductLinks): string {
  const { base } = bundle;
  const path = `/shop/${base.slug}`;
  const url = absoluteUrl(chrome, path);
  const category = links.categories.at(-1);
  const description = summary(
    base.description ||
      `${base.name}${base.brand ? ` by ${base.brand}` : ''}: ask ${chrome.companyName} for a quote.`,
  );
  const facts: [string, SafeHtml | string][] = [];
  if (base.brand)
    facts.push([
      SHOP_TEXT.brandLabel,
      links.brandSlug
        ? html`<a href="${withQuery('/shop', { brand: links.brandSlug })}">${base.brand}</a>`
        : base.brand,
    ]);
  if (base.category)
    facts.push([
      SHOP_TEXT.categoryLabel,
      category
        ? html`<a href="${withQuery('/shop', { category: category.slug })}">${base.category}</a>`
        : base.category,
    ]);
  if (base.sku) facts.push([SHOP_TEXT.skuLabel, base.sku]);

  const main = html`<div class="wrap product-page">
<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>
<li><a href="/shop">${SHOP_TEXT.shop}</a></li>
${links.categories.map((c) => html`<li><a href="${withQuery('/shop', { category: c.slug })}">${c.name}</a></li>`)}
<li><a href="${path}" aria-current="page">${base.name}</a></li>
</ol></nav>
<div class="product-top">
${gallery(bundle)}
<div class="product-summary">
<h1>${base.name}</h1>
${priceBlock(chrome.currency, { price: bundle.price, best: bundle.discounts.best }, 'price price-large')}
${facts.length > 0 ? html`<dl class="facts">${facts.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>` : ''}
${addToQuote(bundle)}
</div>
</div>
${
  base.description
    ? html`<section class="content-section description" aria-labelledby="description-heading">
<h2 id="description-heading">${SHOP_TEXT.details}</h2>
<p>${base.description}</p>
</section>`
    : ''
}
${sections(bundle)}
</div>`;
  return layout(
    chrome,
    {
      title: base.name,
      description,
      canonical: path,
      og: { type: 'product', image: bundle.images[0]?.url ?? null },
      jsonLd: productJsonLd(chrome, bundle, url),
    },
    main,
  );
}
