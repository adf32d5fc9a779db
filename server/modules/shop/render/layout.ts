import { TEXT_LIMITS } from '#domain/constants';
import { SOURCE_LOCALE } from '#domain/i18n';
import { SHOP_TEXT, type ShopText, shopText } from '#domain/shop-texts';
import type { ShopAssets } from '../assets';
import { html, jsonScript, type SafeHtml } from './html';

/** A page's language: the shop's languages, the page's own, and the shop's words in it. */
type PageLanguage = {
  /** The shop's languages (LOCALES), the default first: its pages under /shop, the others' under /{locale}/shop. */
  locales: { default: string; all: readonly string[] };
  locale: string;
  text: ShopText;
};

/**
 * What every shop page shares: who is selling, where the shop lives, its built assets; and the
 * page's language, which without one is the only language, English.
 */
export type ShopChrome = {
  companyName: string;
  /** The shop's absolute origin, no trailing slash. */
  publicUrl: string;
  currency: string;
  assets: ShopAssets;
} & Partial<PageLanguage>;

/** The chrome of a page in a language. */
export type PageChrome = ShopChrome & PageLanguage;

/** A page's chrome in its language; without one, the default language's. */
export function pageChrome(chrome: ShopChrome): PageChrome {
  if (chrome.locale && chrome.locales && chrome.text) return chrome as PageChrome;
  const locale = chrome.locale ?? chrome.locales?.default ?? SOURCE_LOCALE;
  return {
    ...chrome,
    locale,
    locales: chrome.locales ?? { default: locale, all: [locale] },
    text: chrome.text ?? (locale === SOURCE_LOCALE ? SHOP_TEXT : shopText(locale)),
  };
}

/** A page's head: its title, and what search engines and link previews read. */
export type PageHead = {
  title: string;
  description?: string;
  /** A path on the shop in the default language ('/shop/drill'); put in the page's language and made absolute with PUBLIC_URL. */
  canonical?: string;
  noindex?: boolean;
  og?: { type: 'website' | 'product'; image?: string | null };
  jsonLd?: unknown;
  /**
   * The page as the default language writes it ('/shop?q=drill'), for the language switcher, which
   * keeps the visitor where they are; else the canonical path, else the shop's front page.
   */
  here?: string;
};

/** The header's search: it keeps the list's other filters, so a search narrows what is shown. */
export type HeaderSearch = { q: string; keep: Record<string, string> };

/** A page's chrome in each of the shop's languages, made once: the words are read once per language. */
export function localeChromes(site: ShopChrome): Map<string, PageChrome> {
  const all = site.locales?.all ?? [pageChrome(site).locale];
  return new Map(all.map((locale) => [locale, pageChrome({ ...site, locale, text: undefined })]));
}

/**
 * A shop path ('/shop', '/shop/drill?variant=2') in a locale: the default language's as it is, any
 * other's under its prefix ('/de/shop/drill'). The slug is the same in every language.
 */
export const localePath = (locales: PageChrome['locales'], locale: string, path: string) =>
  locale === locales.default ? path : `/${locale}${path}`;

/** A shop path in the page's own language. */
export const shopHref = (chrome: PageChrome, path: string) => localePath(chrome.locales, chrome.locale, path);

/** A language's name in itself ("Deutsch"), as the switcher offers it. */
function languageName(locale: string): string {
  let name = locale;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {}
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * With more than one language: each language's version of the page for search engines (hreflang,
 * x-default the default language's), and the switcher, plain links that work without the script.
 */
function languages(chrome: PageChrome, head: PageHead): { links: SafeHtml | ''; switcher: SafeHtml | '' } {
  const { locales } = chrome;
  if (locales.all.length < 2) return { links: '', switcher: '' };
  const alternate = head.canonical ?? head.here;
  const here = head.here ?? head.canonical ?? '/shop';
  // A page with no address of its own (a 404) has no versions in other languages.
  const links = alternate
    ? html`${locales.all.map(
        (l) => html`
<link rel="alternate" hreflang="${l}" href="${absoluteUrl(chrome, localePath(locales, l, alternate))}">`,
      )}
<link rel="alternate" hreflang="x-default" href="${absoluteUrl(chrome, alternate)}">`
    : '';
  const switcher = html`
<nav class="language-switch" aria-label="${chrome.text.language}"><ul>${locales.all.map(
    (l) =>
      html`<li><a href="${localePath(locales, l, here)}" hreflang="${l}" lang="${l}"${
        l === chrome.locale ? html` aria-current="true"` : ''
      }>${languageName(l)}</a></li>`,
  )}</ul></nav>`;
  return { links, switcher };
}

export const absoluteUrl = (chrome: ShopChrome, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${chrome.publicUrl}${pathOrUrl}`;

/** A whole shop page: head, header (search, quote basket), the page's main content, footer. */
export function layout(
  site: ShopChrome,
  head: PageHead,
  main: SafeHtml,
  opts: { search?: HeaderSearch } = {},
): string {
  const chrome = pageChrome(site);
  const title = `${head.title} · ${chrome.companyName}`;
  const canonical = head.canonical ? absoluteUrl(chrome, shopHref(chrome, head.canonical)) : null;
  const search = opts.search ?? { q: '', keep: {} };
  const { assets, text } = chrome;
  const { links, switcher } = languages(chrome, head);
  const home = shopHref(chrome, '/shop');
  return `<!doctype html>${html`<html lang="${chrome.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title}</title>
${head.description ? html`<meta name="description" content="${head.description}">` : ''}
${head.noindex ? html`<meta name="robots" content="noindex, follow">` : ''}
${canonical ? html`<link rel="canonical" href="${canonical}">` : ''}${links}
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
<a class="skip-link" href="#main">${text.skipLink}</a>
<header class="site-header">
<div class="wrap header-row">
<a class="site-name" href="${home}">${chrome.companyName}</a>
<form class="header-search" role="search" action="${home}" method="get">
<label for="header-q" class="visually-hidden">${text.searchLabel}</label>
<input id="header-q" type="search" name="q" value="${search.q}" maxlength="${TEXT_LIMITS.search}" placeholder="${text.searchLabel}" autocomplete="off">
${Object.entries(search.keep).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit">${text.searchButton}</button>
</form>
<nav class="header-nav" aria-label="${chrome.companyName}">${switcher}
<a class="account-link" href="/account" data-account-link>${text.signIn}</a>
<a class="basket-link" href="${shopHref(chrome, '/shop/quote')}">${text.quoteLink}<span class="basket-count" data-basket-count hidden></span></a>
</nav>
</div>
</header>
<main id="main" tabindex="-1">
${main}
</main>
<footer class="site-footer">
<div class="wrap">
<p>© ${new Date().getFullYear()} ${chrome.companyName}</p>
<p><a href="${home}">${text.shop}</a> · <a href="${shopHref(chrome, '/shop/quote')}">${text.basketTitle}</a></p>
</div>
</footer>
</body>
</html>`}`;
}
