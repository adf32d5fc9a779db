import { escapeHtml } from './html';

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export const urlsetOpen = `${XML_HEAD}<urlset xmlns="${NS}">\n`;
export const urlsetClose = '</urlset>\n';

/** One product page's entry: its absolute URL and when the product last changed. */
export const urlEntry = (loc: string, lastmod: string | null) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>\n`;

/** The index of a sitemap in parts: one entry per part's URL. */
export const sitemapIndex = (parts: string[]) =>
  `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${parts
    .map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;

/**
 * robots.txt: the shop in each language and its images are for crawlers; the staff app and the
 * API are not.
 */
export const robotsTxt = (publicUrl: string, translated: readonly string[] = []) =>
  [
    'User-agent: *',
    'Allow: /shop',
    ...translated.map((l) => `Allow: /${l}/shop`),
    'Allow: /uploads/',
    'Allow: /assets/',
    'Allow: /sitemap.xml',
    'Disallow: /api/',
    'Disallow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
