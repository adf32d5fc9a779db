import { TEXT_LIMITS } from '#domain/constants';
import { SHOP_TEXT } from '#domain/shop-texts';
import type { ShopAssets } from '../assets';
import { html, jsonScript, type SafeHtml } from './html';

/** What every shop page shares: who is selling, where the shop lives, its built assets. */
export type ShopChrome = {
  companyName: string;
  /** The shop's absolute origin, no trailing slash. */
  publicUrl: string;
  currency: string;
  assets: ShopAssets;
};

/** A page's head: its title, and what search engines and link previews read. */
export type PageHead = {
  title: string;
  description?: string;
  /** A path on the shop ('/shop/drill'); made absolute with PUBLIC_URL. */
  canonical?: string;
  noindex?: boolean;
  og?: { type: 'website' | 'product'; image?: string | null };
  jsonLd?: unknown;
};

/** The header's search: it keeps the list's other filters, so a search narrows what is shown. */
export type HeaderSearch = { q: string; keep: Record<string, string> };

export const absoluteUrl = (chrome: ShopChrome, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${chrome.publicUrl}${pathOrUrl}`;

/** A whole shop page: head, header (search, quote basket), the page's main content, footer. */
export function layout(
  chrome: ShopChrome,
  head: PageHead,
  main: SafeHtml,
  opts: { search?: HeaderSearch } = {},
): string {
  const title = `${head.title} · ${chrome.companyName}`;
  const canonical = head.canonical ? absoluteUrl(chrome, head.canonical) : null;
  const search = opts.search ?? { q: '', keep: {} };
  const { assets } = chrome;
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title}</title>
${head.description ? html`<meta name="description" content="${head.description}">` : ''}
${head.noindex ? html`<meta name="robots" content="noindex, follow">` : ''}
${canonical ? html`<link rel="canonical" href="${canonical}">` : ''}
${
  head.og
    ? html`<meta property="og:site_name" content="${chrome.companyName}">
<meta property="og:type" content="${head.og.type}">
<meta property="og:title" content="${head.title}">
${head.description ? html`<meta property="og:description" content="${head.description}">` : ''}
${canonical ? html`<meta property="og:url" content="${canonical}">` : ''}
${head.og.image ? html`<meta property="og:image" content="${absoluteUrl(chrome, head.og.image)}">` : ''}`
    : ''
}
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${assets.styles.map((href) => html`<link rel="stylesheet" href="${href}">`)}
${assets.script ? html`<script type="module" src="${assets.script}"></script>` : ''}
${assets.preload.map((href) => html`<link rel="modulepreload" href="${href}">`)}
${head.jsonLd ? html`<script type="application/ld+json">${jsonScript(head.jsonLd)}</script>` : ''}
</head>
<body>
<a class="skip-link" href="#main">${SHOP_TEXT.skipLink}</a>
<header class="site-header">
<div class="wrap header-row">
<a class="site-name" href="/shop">${chrome.companyName}</a>
<form class="header-search" role="search" action="/shop" method="get">
<label for="header-q" class="visually-hidden">${SHOP_TEXT.searchLabel}</label>
<input id="header-q" type="search" name="q" value="${search.q}" maxlength="${TEXT_LIMITS.search}" placeholder="${SHOP_TEXT.searchLabel}" autocomplete="off">
${Object.entries(search.keep).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit">${SHOP_TEXT.searchButton}</button>
</form>
<nav class="header-nav" aria-label="${chrome.companyName}">
<a class="account-link" href="/account" data-account-link>${SHOP_TEXT.signIn}</a>
<a class="basket-link" href="/shop/quote">${SHOP_TEXT.quoteLink}<span class="basket-count" data-basket-count hidden></span></a>
</nav>
</div>
</header>
<main id="main" tabindex="-1">
${main}
</main>
<footer class="site-footer">
<div class="wrap">
<p>© ${new Date().getFullYear()} ${chrome.companyName}</p>
<p><a href="/shop">${SHOP_TEXT.shop}</a> · <a href="/shop/quote">${SHOP_TEXT.basketTitle}</a></p>
</div>
</footer>
</body>
</html>`}`;
}
