import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#domain/paging';
import { productBulkBody, productBulkResponse, productListQuery } from '#domain/product-list';
import {
  createProductBody,
  productBaseSchema,
  productBundleSchema,
  productListResponse,
  publicProductsQuery,
  publicProductsResponse,
  slugParam,
  updateProductBody,
} from '#domain/products';
import { localeQuery } from '#domain/translations';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { JSON_TYPE, sendTagged } from '../../http/conditional';
import { bearer, deleted, errors } from '../../http/schemas';
import { type Locales, localizeProductNames } from '../translations';
import type { Queryable } from './bundle.query';
import type { BundleService } from './bundle.service';
import type { ProductBulkService } from './product-bulk.service';
import type { ProductsService } from './products.service';

export type ProductsRoutesDeps = {
  products: ProductsService;
  bundles: BundleService;
  bulk: ProductBulkService;
  authenticate: Authenticate;
  locales: Locales;
};

/**
 * Staff work on products as a whole: the list, the picker's options, the preview bundle, bulk
 * actions, create, update and delete. The gallery and the sections have route plugins of their own
 * (product-images.routes.ts, product-sections.routes.ts).
 */
export const productsRoutes =
  (deps: ProductsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['products'];
    const security = bearer;

    app.get(
      '/api/products',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security,
          querystring: productListQuery,
          response: { 200: productListResponse, ...errors(400, 401) },
        },
      },
      async (request) => {
        const missing = request.query.filter.missing_translation;
        if (missing !== undefined) deps.locales.editable(missing);
        return deps.products.list(request.query);
      },
    );

    app.get(
      '/api/products/options',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security,
          description: 'Products by name for pickers, drafts included.',
          querystring: publicProductsQuery,
          response: { 200: publicProductsResponse, ...errors(400, 401) },
        },
      },
      async (request) => ({
        data: await deps.products.options({
          q: (request.query.q ?? '').trim(),
          limit: request.query.limit ?? 1000,
          publishedOnly: false,
        }),
      }),
    );

    app.get(
      '/api/products/slug/:slug/bundle',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security,
          description: "A product's bundle as staff preview it: drafts included.",
          params: slugParam,
          response: { 200: productBundleSchema, ...errors(400, 401, 404) },
        },
      },
      async (request, reply) =>
        sendTagged(request, reply as FastifyReply, await deps.bundles.get(request.params.slug), JSON_TYPE),
    );

    app.post(
      '/api/products/bulk',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security,
          description:
            'Each action needs the right its field needs in the editor: set_category and set_brand product.edit, publish and unpublish product.publish, adjust_price product.price, delete product.delete. ' +
            "One action on the products picked by `ids` or by the list's `filter`, in one transaction. " +
            '`count` is how many changed; with `dry_run` how many would, and nothing changes.',
          body: productBulkBody,
          response: { 200: productBulkResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.bulk.apply(request.body, currentUser(request).permissions),
    );

    app.post(
      '/api/products',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          body: createProductBody,
          response: { 201: productBaseSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await deps.products.create(request.body, currentUser(request).permissions)),
    );

    app.put(
      '/api/products/:id',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            "Saves every field; `status` left out keeps the product's status (a draft stays a draft). Changing `mrp` or the own discount also needs product.price, changing `status` product.publish (403 naming the permission).",
          params: idParam,
          body: updateProductBody,
          response: { 200: productBaseSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) =>
        deps.products.update(request.params.id, request.body, currentUser(request).permissions),
    );

    app.delete(
      '/api/products/:id',
      {
        config: { permission: 'product.delete' },
        schema: { tags, security, params: idParam, response: { ...deleted, ...errors(400, 401, 403, 404) } },
      },
      async (request, reply) => {
        await deps.products.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };

/** What a visitor may see: the preview bundle and the product option list. */
export const publicProductsRoutes =
  (
    deps: Pick<ProductsRoutesDeps, 'products' | 'bundles' | 'locales'> & { pool: Queryable },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/public/products',
      {
        schema: {
          tags: ['public'],
          description:
            "Published products by name, for pickers; with `locale` their names in that language where translated (a locale not in LOCALES: 400). The search matches the default language's words and, with `locale`, that language's too (stemmed in it, compounds split and found inside longer ones), each word in either.",
          querystring: publicProductsQuery,
          response: { 200: publicProductsResponse, ...errors(400) },
        },
      },
      async (request) => {
        const locale = deps.locales.reading(request.query.locale);
        const data = await deps.products.options({
          q: (request.query.q ?? '').trim(),
          limit: request.query.limit ?? 1000,
          publishedOnly: true,
          locale,
        });
        return { data: locale ? await localizeProductNames(deps.pool, data, locale) : data };
      },
    );

    app.get(
      '/api/public/products/slug/:slug/bundle',
      {
        schema: {
          tags: ['public'],
          description:
            "A published product's bundle; with `locale` its texts (name, description, sections, category name, options) in that language, each falling back to the default's where not translated. A locale not in LOCALES: 400.",
          params: slugParam,
          querystring: z.strictObject(localeQuery),
          response: { 200: productBundleSchema, ...errors(400, 404) },
        },
      },
      async (request, reply) =>
        sendTagged(
          request,
          reply as FastifyReply,
          await deps.bundles.getPublished(request.params.slug, deps.locales.reading(request.query.locale)),
          JSON_TYPE,
        ),
    );
  };
