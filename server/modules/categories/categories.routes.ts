import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import {
  categoryFields,
  categoryListQuery,
  categoryListResponse,
  categorySchema,
  moveBody,
  publicCategoriesQuery,
  publicCategoriesResponse,
  reorderBody,
} from '#domain/categories';
import { PAGING } from '#domain/constants';
import { idParam } from '#domain/paging';
import type { Authenticate } from '../../auth/hooks';
import type { CatalogueCache } from '../../cache/catalogue-cache';
import { type Tagged, tagged } from '../../cache/etag';
import { JSON_TYPE, sendTagged } from '../../http/conditional';
import { bearer, errors } from '../../http/schemas';
import { imageFormRoutes } from '../../http/upload';
import { IMAGE_MESSAGES } from '../../images/messages';
import { type Locales, localizeCategoryNames } from '../translations';
import type { CategoriesService } from './categories.service';

export type CategoriesRoutesDeps = { categories: CategoriesService; authenticate: Authenticate };

const formDescription =
  'JSON, or multipart/form-data with the same fields as text plus an `image` file (JPEG, PNG or WebP, at most 5 MB).';
const imageForm = imageFormRoutes(categoryFields, { field: 'image', messages: IMAGE_MESSAGES.category });

/** Staff routes for categories (editors and admins). */
export const categoriesRoutes =
  (deps: CategoriesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['categories'];

    app.get(
      '/api/categories',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security: bearer,
          querystring: categoryListQuery,
          response: { 200: categoryListResponse, ...errors(400, 401) },
        },
      },
      async (request) => deps.categories.list(request.query),
    );

    app.get(
      '/api/categories/:id',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security: bearer,
          params: idParam,
          response: { 200: categorySchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.categories.get(request.params.id),
    );

    app.post(
      '/api/categories',
      imageForm.options(
        {
          tags,
          description: formDescription,
          response: { 201: categorySchema, ...errors(400, 401, 404, 409, 413, 415) },
        },
        'category.edit',
      ),
      async (request, reply) => {
        const { fields, image } = await imageForm.read(request);
        return reply.code(201).send(await deps.categories.create(fields, image));
      },
    );

    app.put(
      '/api/categories/:id',
      imageForm.options(
        {
          tags,
          description: `${formDescription} Send image_url as an empty string to remove the image.`,
          params: idParam,
          response: { 200: categorySchema, ...errors(400, 401, 404, 409, 413, 415) },
        },
        'category.edit',
      ),
      async (request) => {
        const { fields, image } = await imageForm.read(request);
        return deps.categories.update(request.params.id, fields, image);
      },
    );

    app.delete(
      '/api/categories/:id',
      {
        config: { permission: 'category.edit' },
        schema: {
          tags,
          security: bearer,
          description: 'Children become root categories (parent_id NULL); the stored image is deleted.',
          params: idParam,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deps.categories.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/categories/:id/reorder',
      {
        config: { permission: 'category.edit' },
        schema: {
          tags,
          security: bearer,
          params: idParam,
          body: reorderBody,
          response: { 200: categorySchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.categories.reorder(request.params.id, request.body.sort_order),
    );

    app.post(
      '/api/categories/:id/move',
      {
        config: { permission: 'category.edit' },
        schema: {
          tags,
          security: bearer,
          description:
            'Swaps the sort order with the neighbouring sibling (same parent) in the list order (sort_order, then id); 409 at the first or last place.',
          params: idParam,
          body: moveBody,
          response: { 200: categorySchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => deps.categories.move(request.params.id, request.body.direction),
    );
  };

/** The option list the web app's selects use; needs no token. */
export const publicCategoriesRoutes =
  (
    deps: Pick<CategoriesRoutesDeps, 'categories'> & {
      cache: CatalogueCache<Tagged>;
      locales: Locales;
      pool: Pick<pg.Pool, 'query'>;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/public/categories',
      {
        schema: {
          tags: ['public'],
          description:
            'All categories: nested as a tree, or flat in tree order with flat=1; with `locale` their names in that language where translated (a locale not in LOCALES: 400).',
          querystring: publicCategoriesQuery,
          response: { 200: publicCategoriesResponse, ...errors(400) },
        },
      },
      async (request, reply) => {
        const { flat, q, limit } = request.query;
        const locale = deps.locales.reading(request.query.locale);
        const options = {
          flat: flat === '1' || flat === 'true',
          q: (q ?? '').trim(),
          limit: limit ?? PAGING.optionsMaxLimit,
        };
        // Kept until the next catalogue write, as the bundles are: the whole tree is one read.
        // Each locale is an entry of its own.
        const list = await deps.cache.get(
          `categories:${JSON.stringify({ ...options, locale })}`,
          async () => {
            const nodes = await deps.categories.options(options);
            const data = locale ? await localizeCategoryNames(deps.pool, nodes, locale) : nodes;
            return { value: tagged(JSON.stringify({ data })), expiresAt: null };
          },
        );
        return sendTagged(request, reply as FastifyReply, list, JSON_TYPE);
      },
    );
  };
