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
import type { ShopText } from '#domain/shop-texts';
import { html, type SafeHtml, withQuery } from './html';
import { absoluteUrl, layout, type PageChrome, pageChrome, type ShopChrome, shopHref } from './layout';
import { priceBlock, tierList } from './price';
import { type VariantChoice, variantLabel, variantPicker, variantPrice } from './variants';
import { yourPriceSlot } from './your-price';

/** What the product page shows besides the bundle: where its category sits, its brand's slug. */
export type ProductLinks = {
  /** The category and its ancestors, root first. */
  categories: { name: string; slug: string }[];
  brandSlug: string | null;
};

/** A page's own title and description for search engines, where its language has them. */
export type ProductSeo = { title: string | null; description: string | null };

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

function gallery(text: ShopText, bundle: ProductBundle, shown: string | null): SafeHtml {
  const { images, base } = bundle;
  // The chosen variant's image, where it has one of the gallery's, is the one shown first.
  const at = Math.max(
    0,
    images.findIndex((i) => i.url === shown),
  );
  const first = images[at];
  if (!first)
    return html`<div class="gallery"><div class="gallery-main"><span class="no-image">${text.noImage}</span></div></div>`;
  const alt = (i: number) => images[i].alt || text.imageAlt(base.name, i + 1);
  // The first image is the page's largest paint: fetched at once, never lazily. Without the
  // script, a thumbnail's link opens its image.
  return html`<div class="gallery" data-gallery>
<div class="gallery-main"><img data-gallery-main src="${first.url}" alt="${alt(at)}" width="${MAIN_IMAGE}" height="${MAIN_IMAGE}" decoding="async" fetchpriority="high"></div>
${
  images.length > 1
    ? html`<ul class="gallery-thumbs" aria-label="${text.images}">${images.map(
        (image, i) =>
          html`<li><a href="${image.url}" data-gallery-thumb data-alt="${alt(i)}"${i === at ? html` aria-current="true"` : ''}><img src="${thumbnailUrl(image.url)}" alt="${text.showImage(i + 1)}" width="${THUMB_IMAGE}" height="${THUMB_IMAGE}" loading="lazy" decoding="async"></a></li>`,
      )}</ul>`
    : ''
}
</div>`;
}

const intro = (text: string | null) => (text ? html`<p class="section-intro">${text}</p>` : '');

/** The chosen variant's spec values by label (compared case-insensitively), over the product's. */
type SpecOverrides = Map<string, { value: string; unit: string }>;
const specKey = (label: string) => label.trim().toLowerCase();

/**
 * A content section as the staff preview shows it: a list, a label/value table, or a table. Of a
 * product with options (`overrides`), a spec's cell shows the chosen variant's value where it sets
 * one, and names its label and the product's own value, for the script to show another variant's.
 */
function sectionBody(item: ContentSection, overrides: SpecOverrides | null): SafeHtml {
  switch (item.kind) {
    case 'list':
      return html`${intro(item.section.description)}<ul class="section-list">${item.section.items.map(
        (i) => html`<li>${i.caption}</li>`,
      )}</ul>`;
    case 'spec_group':
      return html`${intro(item.section.intro)}<div class="table-scroll"><table class="spec-table">
<tbody>${item.section.specs.map((s) => {
        if (!overrides) return html`<tr><th scope="row">${s.label}</th><td>${specValue(s)}</td></tr>`;
        const over = overrides.get(specKey(s.label));
        return html`<tr><th scope="row">${s.label}</th><td data-spec="${specKey(s.label)}" data-base="${specValue(s)}">${specValue(over ?? s)}</td></tr>`;
      })}</tbody>
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

function sections(bundle: ProductBundle, overrides: SpecOverrides | null): SafeHtml[] {
  return contentSections(bundle).map((item) => {
    const id = `section-${item.block.id}`;
    return html`<section class="content-section" aria-labelledby="${id}">
<h2 id="${id}">${sectionTitle(item)}</h2>
${sectionBody(item, overrides)}
</section>`;
  });
}

/**
 * The product as structured data (schema.org Product with one Offer), for search engines. The
 * Offer has no `availability`: the catalogue keeps no stock, and a claim it cannot back is worse
 * than none.
 */
function productJsonLd(
  chrome: PageChrome,
  bundle: ProductBundle,
  url: string,
  shown: { sku: string | null; price: { final: number } },
) {
  const { base, images } = bundle;
  const { price } = shown;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: base.name,
    ...(shown.sku ? { sku: shown.sku } : {}),
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

/**
 * What the quote basket keeps of the product when it is added (web/shop/basket.ts): of a product
 * with options, the chosen variant (its id, SKU, price, image and options), which the selectors'
 * script keeps in step.
 */
function addToQuote(chrome: PageChrome, bundle: ProductBundle, choice: VariantChoice | undefined): SafeHtml {
  const { text } = chrome;
  const { base, price, images } = bundle;
  const chosen = choice && choice.options.length > 0 ? choice.chosen : null;
  const image = chosen?.image?.thumb ?? thumbnailUrl(images[0]?.url) ?? '';
  // Without the script the form leads to the basket page, which says what it needs.
  return html`<form class="add-to-quote" action="${shopHref(chrome, '/shop/quote')}" method="get" data-add-to-quote
 data-product-id="${base.id}" data-slug="${base.slug}" data-name="${base.name}" data-sku="${(chosen ? chosen.sku : base.sku) ?? ''}"
 data-image="${image}" data-price="${chosen ? chosen.price.final : price.final}" data-max-lines="${INQUIRY_LIMITS.lines}"${
   chosen && choice
     ? html` data-variant-id="${chosen.id}" data-options="${variantLabel(choice.options, chosen)}" data-product-image="${thumbnailUrl(images[0]?.url) ?? ''}"`
     : ''
 }>
<div class="inline-field">
<div class="quantity-field">
<label for="quantity">${text.quantity}</label>
<input id="quantity" name="quantity" type="number" inputmode="numeric" min="1" max="${INQUIRY_LIMITS.quantity}" step="1" value="1" required>
</div>
<button type="submit" class="button-primary">${text.addToQuote}</button>
</div>
<p class="add-status" role="status" data-add-status></p>
</form>`;
}

/**
 * The product page; of a product with options, as its chosen variant (`choice`): its price, SKU,
 * image and spec values, with the selectors that lead to the others.
 */
export function renderProduct(
  site: ShopChrome,
  bundle: ProductBundle,
  links: ProductLinks,
  choice?: VariantChoice,
  seo?: ProductSeo,
): string {
  const { base } = bundle;
  const chrome = pageChrome(site);
  const { text } = chrome;
  const chosen = choice && choice.options.length > 0 ? choice.chosen : null;
  const withOptions = choice !== undefined && choice.options.length > 0;
  const sku = chosen ? chosen.sku : base.sku;
  const shownPrice = chosen ? variantPrice(chosen) : { price: bundle.price, best: bundle.discounts.best };
  // The variant the page shows, the default one of a product without options: its breaks, and
  // the one a signed-in buyer's price is asked for.
  const shown = choice?.chosen ?? null;
  const overrides: SpecOverrides = new Map((chosen?.specs ?? []).map((s) => [specKey(s.label), s]));
  const productSpecs = new Set(bundle.specGroups.flatMap((g) => g.specs.map((s) => specKey(s.label))));
  // The page's path in the default language (the head's form), and in the page's own.
  const canonical = `/shop/${base.slug}`;
  const path = shopHref(chrome, canonical);
  const url = absoluteUrl(chrome, path);
  const category = links.categories.at(-1);
  const description = summary(
    base.description || text.productDescription(base.name, base.brand, chrome.companyName),
  );
  const facts: [string, SafeHtml | string, 'variant-spec'?][] = [];
  if (base.brand)
    facts.push([
      text.brandLabel,
      links.brandSlug
        ? html`<a href="${withQuery(shopHref(chrome, '/shop'), { brand: links.brandSlug })}">${base.brand}</a>`
        : base.brand,
    ]);
  if (base.category)
    facts.push([
      text.categoryLabel,
      category
        ? html`<a href="${withQuery(shopHref(chrome, '/shop'), { category: category.slug })}">${base.category}</a>`
        : base.category,
    ]);
  // Of a product with options, the chosen variant's, which the selectors' script changes.
  if (withOptions) facts.push([text.skuLabel, html`<span data-variant-sku>${sku ?? ''}</span>`]);
  else if (sku) facts.push([text.skuLabel, sku]);
  // A variant's spec values that the product's sections do not name show with its facts.
  for (const s of chosen?.specs ?? [])
    if (!productSpecs.has(specKey(s.label))) facts.push([s.label, specValue(s), 'variant-spec']);

  const main = html`<div class="wrap product-page">
<nav class="breadcrumbs" aria-label="${text.breadcrumb}"><ol>
<li><a href="${shopHref(chrome, '/shop')}">${text.shop}</a></li>
${links.categories.map((c) => html`<li><a href="${withQuery(shopHref(chrome, '/shop'), { category: c.slug })}">${c.name}</a></li>`)}
<li><a href="${path}" aria-current="page">${base.name}</a></li>
</ol></nav>
<div class="product-top">
${gallery(text, bundle, chosen?.image?.url ?? null)}
<div class="product-summary">
<h1>${base.name}</h1>
<div data-variant-price>${priceBlock(chrome, shownPrice, 'price price-large')}</div>
${
  // Of a product without options, asked by the product, as its basket line is.
  chosen && choice
    ? yourPriceSlot({
        currency: chrome.currency,
        variantId: chosen.id,
        price: shownPrice.price.final,
        prefetch: choice.variants.map((v) => v.id),
      })
    : withOptions
      ? ''
      : yourPriceSlot({ currency: chrome.currency, productId: base.id, price: shownPrice.price.final })
}
<div data-variant-tiers>${tierList(chrome, shown?.tiers ?? [])}</div>
${choice ? variantPicker(path, chrome, choice) : ''}
${facts.length > 0 ? html`<dl class="facts" data-facts>${facts.map(([term, value, kind]) => html`<div${kind ? html` data-variant-spec` : ''}><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>` : ''}
${withOptions && !chosen ? '' : addToQuote(chrome, bundle, choice)}
</div>
</div>
${
  base.description
    ? html`<section class="content-section description" aria-labelledby="description-heading">
<h2 id="description-heading">${text.details}</h2>
<p>${base.description}</p>
</section>`
    : ''
}
${sections(bundle, withOptions ? overrides : null)}
</div>`;
  return layout(
    chrome,
    {
      title: seo?.title ?? base.name,
      description: seo?.description ?? description,
      canonical,
      here: withQuery(canonical, { variant: chosen && chosen !== choice?.variants[0] ? chosen.id : null }),
      og: { type: 'product', image: bundle.images[0]?.url ?? null },
      jsonLd: productJsonLd(chrome, bundle, url, { sku, price: shownPrice.price }),
    },
    main,
  );
}
