import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import {
  brandFields,
  brandListQuery,
  brandListResponse,
  brandSchema,
  publicBrandsQuery,
  publicBrandsResponse,
} from '#domain/brands';
import { PAGING } from '#domain/constants';
import { idParam } from '#domain/paging';
import { slugParam } from '#domain/products';
import { localeQuery } from '#domain/translations';
import type { Authenticate } from '../../auth/hooks';
import type { CatalogueCache } from '../../cache/catalogue-cache';
import { type Tagged, tagged } from '../../cache/etag';
import { JSON_TYPE, sendTagged } from '../../http/conditional';
import { bearer, errors } from '../../http/schemas';
import { imageFormRoutes } from '../../http/upload';
import { IMAGE_MESSAGES } from '../../images/messages';
import { type Locales, localizeBrandDescription } from '../translations';
import type { BrandsService } from './brands.service';

export type BrandsRoutesDeps = { brands: BrandsService; authenticate: Authenticate };

const logoForm = imageFormRoutes(brandFields, { field: 'logo', messages: IMAGE_MESSAGES.brand });
const formDescription =
  'Multipart/form-data with name, slug, description and an optional `logo` file (JPEG, PNG or WebP, at most 5 MB), or JSON.';

export const brandsRoutes =
  (deps: BrandsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['brands'];

    app.get(
      '/api/brands',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security: bearer,
          querystring: brandListQuery,
          response: { 200: brandListResponse, ...errors(400, 401) },
        },
      },
      async (request) => deps.brands.list(request.query),
    );

    app.get(
      '/api/brands/:id',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security: bearer,
          params: idParam,
          response: { 200: brandSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.brands.get(request.params.id),
    );

    app.post(
      '/api/brands',
      logoForm.options(
        {
          tags,
          description: formDescription,
          response: { 201: brandSchema, ...errors(400, 401, 409, 413, 415) },
        },
        'brand.edit',
      ),
      async (request, reply) => {
        const { fields, image } = await logoForm.read(request);
        return reply.code(201).send(await deps.brands.create(fields, image));
      },
    );

    app.put(
      '/api/brands/:id',
      logoForm.options(
        {
          tags,
          description: `${formDescription} logo_url '' removes the logo; a new logo file replaces it.`,
          params: idParam,
          response: { 200: brandSchema, ...errors(400, 401, 404, 409, 413, 415) },
        },
        'brand.edit',
      ),
      async (request) => {
        const { fields, image } = await logoForm.read(request);
        return deps.brands.update(request.params.id, fields, image);
      },
    );

    app.delete(
      '/api/brands/:id',
      {
        config: { permission: 'brand.edit' },
        schema: {
          tags,
          security: bearer,
          description:
            "Products referencing the brand get brand_id set to null; the logo's files are deleted.",
          params: idParam,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deps.brands.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };

export const publicBrandsRoutes =
  (
    deps: Pick<BrandsRoutesDeps, 'brands'> & {
      cache: CatalogueCache<Tagged>;
      locales: Locales;
      pool: Pick<pg.Pool, 'query'>;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/public/brands',
      {
        schema: {
          tags: ['public'],
          description: 'Brands by name, for selects (limit up to 1000).',
          querystring: publicBrandsQuery,
          response: { 200: publicBrandsResponse, ...errors(400) },
        },
      },
      async (request, reply) => {
        // A brand's name is the same in every language: a locale is checked, and changes nothing.
        deps.locales.reading(request.query.locale);
        const options = {
          q: (request.query.q ?? '').trim(),
          limit: request.query.limit ?? PAGING.optionsMaxLimit,
        };
        // Kept until the next catalogue write, as the bundles are.
        const list = await deps.cache.get(`brands:${JSON.stringify(options)}`, async () => ({
          value: tagged(JSON.stringify({ data: await deps.brands.options(options) })),
          expiresAt: null,
        }));
        return sendTagged(request, reply as FastifyReply, list, JSON_TYPE);
      },
    );

    app.get(
      '/api/public/brands/slug/:slug',
      {
        schema: {
          tags: ['public'],
          description:
            'A brand as its shop page shows it; with `locale` its description in that language where translated (a locale not in LOCALES: 400).',
          params: slugParam,
          querystring: z.strictObject(localeQuery),
          response: { 200: publicBrandSchema, ...errors(400, 404) },
        },
      },
      async (request, reply) => {
        const locale = deps.locales.reading(request.query.locale);
        const { slug } = request.params;
        // Each locale is an entry of its own, so one language's answer never serves another.
        const brand = await deps.cache.get(`brand:${slug}@${locale ?? ''}`, async () => {
          const row = await deps.brands.bySlug(slug);
          const data = locale ? await localizeBrandDescription(deps.pool, row, locale) : row;
          return { value: tagged(JSON.stringify(data)), expiresAt: null };
        });
        return sendTagged(request, reply as FastifyReply, brand, JSON_TYPE);
      },
    );
  };

const publicBrandSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  description: z.string().nullable(),
});
