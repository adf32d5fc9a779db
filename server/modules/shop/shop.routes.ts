import { Readable } from 'node:stream';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopListQuery, shopSort } from '#domain/shop';
import { AppError } from '../../errors/app-error';
import { HTML_TYPE, sendTagged } from '../../http/conditional';
import { errorAnswer } from '../../http/errors';
import type { ProductPages } from './product-pages';
import { renderBasket } from './render/basket';
import type { ShopChrome } from './render/layout';
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

/**
 * The visitors' shop: server-rendered pages under /shop (no sign-in, none of the staff app's
 * JavaScript), the sitemap and robots.txt. Every error here answers the shop's own HTML_TYPE page
 * with the status the API would give, never JSON.
 */
export const shopRoutes =
  (deps: ShopRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { shop, pages, chrome } = deps;
    const partSize = deps.sitemapPartSize ?? SITEMAP_MAX_URLS;
    const schema = { hide: true } as const;

    app.setErrorHandler((err: FastifyError, request, reply) => {
      const answer = errorAnswer(err, request);
      if (answer.headers) reply.headers(answer.headers);
      return sendHtml(reply.code(answer.status), renderErrorPage(chrome, answer.status, answer.body.error));
    });
    const notFound = (reply: FastifyReply) => sendHtml(reply.code(404), renderNotFound(chrome));

    app.get('/shop', { schema: { ...schema, querystring: shopListQuery } }, async (request, reply) => {
      const query = request.query;
      const [category, brand] = await Promise.all([
        query.category ? shop.category(query.category) : null,
        query.brand ? shop.brand(query.brand) : null,
      ]);
      // A category or brand the catalogue does not have: an old link, not an empty list.
      if ((query.category && !category) || (query.brand && !brand)) return notFound(reply);
      const chain = category?.chain ?? [];
      const [tree, categoryIds] = await Promise.all([
        shop.categoryTree(chain),
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
      });
      return sendHtml(reply, renderList(chrome, { query, category, brand, tree, path: chain, ...result }));
    });

    app.get('/shop/quote', { schema }, async (_request, reply) => sendHtml(reply, renderBasket(chrome)));

    app.get<{ Params: { slug: string }; Querystring: { variant?: unknown } }>(
      '/shop/:slug',
      { schema },
      async (request, reply) => {
        let page: Awaited<ReturnType<ProductPages['get']>>;
        try {
          // ?variant= names the variant shown; any other value shows the default one.
          const { variant } = request.query;
          page = await pages.get(request.params.slug, typeof variant === 'string' ? variant : undefined);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 404) return notFound(reply);
          throw err;
        }
        return sendTagged(request, reply, page, HTML_TYPE);
      },
    );

    // Deeper paths under /shop are no page of the shop's: its 404, not the staff app's shell.
    app.get('/shop/*', { schema }, async (_request, reply) => notFound(reply));

    app.get('/robots.txt', { schema }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(chrome.publicUrl)),
    );

    app.get<{ Querystring: { page?: string } }>('/sitemap.xml', { schema }, async (request, reply) => {
      const total = await shop.publishedCount();
      const parts = Math.max(1, Math.ceil(total / partSize));
      const asked = request.query.page;
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      if (asked === undefined && parts > 1) {
        const urls = Array.from({ length: parts }, (_, i) => `${chrome.publicUrl}/sitemap.xml?page=${i + 1}`);
        return reply.send(sitemapIndex(urls));
      }
      const part = asked === undefined ? 1 : /^\d{1,9}$/.test(asked) ? Number(asked) : 0;
      if (part < 1 || part > parts) return notFound(reply);
      const rows = shop.sitemapRows((part - 1) * partSize, partSize);
      // Written as it is read, a batch at a time: a part of 50,000 URLs is never one string.
      return reply.send(
        Readable.from(
          (async function* () {
            yield urlsetOpen;
            for await (const batch of rows)
              yield batch.map((r) => urlEntry(`${chrome.publicUrl}/shop/${r.slug}`, r.updated_at)).join('');
            yield urlsetClose;
          })(),
        ),
      );
    });
  };
