import { Readable } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopListQuery, shopSort } from '#domain/shop';
import { AppError } from '../../errors/app-error';
import { HTML_TYPE, sendTagged } from '../../http/conditional';
import { errorAnswer } from '../../http/errors';
import type { ProductPages } from './product-pages';
import { renderBasket } from './render/basket';
import { localeChromes, localePath, type ShopChrome } from './render/layout';
import { renderList } from './render/list';
import { renderErrorPage, renderNotFound } from './render/not-found';
import {
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  urlEntry,
  urlsetClose,
  urlsetOpen,
} from './render/sitemap';
import type { ShopService } from './shop.service';

export type ShopRoutesDeps = {
  shop: ShopService;
  pages: ProductPages;
  chrome: ShopChrome;
  /** URLs per sitemap file; past it /sitemap.xml is an index of parts (tests make it small). */
  sitemapPartSize?: number;
};

// Prices can change while a page does not (a discount starts): browsers ask again every time.
const sendHtml = (reply: FastifyReply, body: string) =>
  reply.type(HTML_TYPE).header('cache-control', 'no-cache').send(body);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A shop page's language, where it is not the default (its path's prefix). */
    shopLocale?: string;
  }
}

/** A path's first segment that could name a language ('de', 'pt-BR'). */
const LOCALE_LIKE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

/**
 * The visitors' shop: server-rendered pages under /shop (no sign-in, none of the staff app's
 * JavaScript), the same pages under /{locale}/shop for each language of LOCALES but the default
 * (ADR 0035), the sitemap and robots.txt. Every error here answers the shop's own HTML_TYPE page,
 * in the page's language, with the status the API would give, never JSON.
 */
export const shopRoutes =
  (deps: ShopRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { shop, pages, chrome } = deps;
    const partSize = deps.sitemapPartSize ?? SITEMAP_MAX_URLS;
    const schema = { hide: true } as const;
    const chromes = localeChromes(chrome);
    const locales = chrome.locales ?? { default: '', all: [] };
    const translated = locales.all.filter((l) => l !== locales.default);
    // A page's language, as its route says (none: the default language's pages under /shop).
    const chromeOf = (request: FastifyRequest) =>
      chromes.get(request.routeOptions.config?.shopLocale ?? '') ?? chrome;

    app.setErrorHandler((err: FastifyError, request, reply) => {
      const answer = errorAnswer(err, request);
      if (answer.headers) reply.headers(answer.headers);
      return sendHtml(
        reply.code(answer.status),
        renderErrorPage(chromeOf(request), answer.status, answer.body.error),
      );
    });
    const notFound = (request: FastifyRequest, reply: FastifyReply) =>
      sendHtml(reply.code(404), renderNotFound(chromeOf(request)));

    // The default language's pages at /shop, as ever; each other language's under its prefix.
    for (const locale of [undefined, ...translated]) shopPages(locale ? `/${locale}` : '', locale);

    // A prefix that is no language of the shop's: its 404. The default language's prefix leads to
    // its pages, which have none.
    const otherPrefix = async (
      request: FastifyRequest<{ Params: { prefix: string } }>,
      reply: FastifyReply,
    ) => {
      const { prefix } = request.params;
      // No language's (the API's, an asset folder's): the app's own answer, as before.
      if (prefix === 'api' || !LOCALE_LIKE.test(prefix)) return reply.callNotFound();
      if (prefix === locales.default) return reply.redirect(request.url.slice(prefix.length + 1), 301);
      return notFound(request, reply);
    };
    app.get('/:prefix/shop', { schema }, otherPrefix);
    app.get('/:prefix/shop/*', { schema }, otherPrefix);

    function shopPages(prefix: string, locale: string | undefined) {
      const config = { shopLocale: locale };
      const pageChrome = chromes.get(locale ?? '') ?? chrome;

      app.get(
        `${prefix}/shop`,
        { schema: { ...schema, querystring: shopListQuery }, config },
        async (request, reply) => {
          const query = request.query;
          const [category, brand] = await Promise.all([
            query.category ? shop.category(query.category, locale) : null,
            query.brand ? shop.brand(query.brand) : null,
          ]);
          // A category or brand the catalogue does not have: an old link, not an empty list.
          if ((query.category && !category) || (query.brand && !brand)) return notFound(request, reply);
          const chain = category?.chain ?? [];
          const [tree, categoryIds] = await Promise.all([
            shop.categoryTree(chain, locale),
            category ? shop.subtree(category.id) : null,
          ]);
          const result = await shop.catalogue({
            q: query.q,
            categoryIds,
            brandId: brand?.id ?? null,
            priceMin: query.priceMin,
            priceMax: query.priceMax,
            specs: query.specs,
            sort: shopSort(query),
            page: query.page,
            ...(locale ? { locale } : {}),
          });
          return sendHtml(
            reply,
            renderList(pageChrome, { query, category, brand, tree, path: chain, ...result }),
          );
        },
      );

      app.get(`${prefix}/shop/quote`, { schema, config }, async (_request, reply) =>
        sendHtml(reply, renderBasket(pageChrome)),
      );

      app.get<{ Params: { slug: string }; Querystring: { variant?: unknown } }>(
        `${prefix}/shop/:slug`,
        { schema, config },
        async (request, reply) => {
          let page: Awaited<ReturnType<ProductPages['get']>>;
          try {
            // ?variant= names the variant shown; any other value shows the default one.
            const { variant } = request.query;
            page = await pages.get(
              request.params.slug,
              typeof variant === 'string' ? variant : undefined,
              locale,
            );
          } catch (err) {
            if (err instanceof AppError && err.statusCode === 404) return notFound(request, reply);
            throw err;
          }
          return sendTagged(request, reply, page, HTML_TYPE);
        },
      );

      // Deeper paths under /shop are no page of the shop's: its 404, not the staff app's shell.
      app.get(`${prefix}/shop/*`, { schema, config }, async (request, reply) => notFound(request, reply));
    }

    app.get('/robots.txt', { schema }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(chrome.publicUrl, translated)),
    );

    app.get<{ Querystring: { page?: string } }>('/sitemap.xml', { schema }, async (request, reply) => {
      // Each product's page in every language: a part holds as many products as it has room
      // for all their languages' URLs.
      const perPart = Math.max(1, Math.floor(partSize / Math.max(1, locales.all.length)));
      const total = await shop.publishedCount();
      const parts = Math.max(1, Math.ceil(total / perPart));
      const asked = request.query.page;
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      if (asked === undefined && parts > 1) {
        const urls = Array.from({ length: parts }, (_, i) => `${chrome.publicUrl}/sitemap.xml?page=${i + 1}`);
        return reply.send(sitemapIndex(urls));
      }
      const part = asked === undefined ? 1 : /^\d{1,9}$/.test(asked) ? Number(asked) : 0;
      if (part < 1 || part > parts) return notFound(request, reply);
      const rows = shop.sitemapRows((part - 1) * perPart, perPart);
      const languages = locales.all.length > 1 ? locales.all : [locales.default];
      // Written as it is read, a batch at a time: a part of 50,000 URLs is never one string.
      return reply.send(
        Readable.from(
          (async function* () {
            yield urlsetOpen;
            for await (const batch of rows)
              yield batch
                .flatMap((r) =>
                  languages.map((l) =>
                    urlEntry(`${chrome.publicUrl}${localePath(locales, l, `/shop/${r.slug}`)}`, r.updated_at),
                  ),
                )
                .join('');
            yield urlsetClose;
          })(),
        ),
      );
    });
  };
