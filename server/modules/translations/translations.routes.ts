import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveIdString } from '#domain/fields';
import { idParam } from '#domain/paging';
import {
  brandTranslationBody,
  brandTranslationSchema,
  categoryTranslationBody,
  categoryTranslationSchema,
  localeParam,
  localesResponse,
  optionTranslationBody,
  optionTranslationSchema,
  productTranslationBody,
  productTranslationSchema,
} from '#domain/translations';
import type { Authenticate } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { Locales } from './locales';
import type { TranslationsService } from './translations.service';

export type TranslationsRoutesDeps = {
  translations: TranslationsService;
  locales: Locales;
  authenticate: Authenticate;
};

const idLocale = z.object({ id: idParam.shape.id, locale: localeParam.shape.locale });
const optionParams = z.object({ id: idParam.shape.id, optionId: positiveIdString('Option id') });
const optionLocale = optionParams.extend({ locale: localeParam.shape.locale });
const byLocale = <T extends z.ZodType>(schema: T) =>
  z
    .record(z.string(), schema)
    .describe('Every translated locale (LOCALES but the default), null fields where the default shows');

const WRITE_NOTE =
  'A field left out keeps its translation; "" or null clears it, and the default language shows again (the fallback is per field). ' +
  'The default locale is edited on the item itself and a locale not in LOCALES is not one: both 400.';

/** The languages: public, as the shop reads them to link its pages. */
export const localesRoutes =
  (deps: Pick<TranslationsRoutesDeps, 'locales'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/locales',
      {
        schema: {
          tags: ['public'],
          description: "The shop's languages (LOCALES), the default first.",
          response: { 200: localesResponse },
        },
      },
      async () => ({ default: deps.locales.default, locales: [...deps.locales.all] }),
    );
  };

/** Translations of products, their options, categories and brands (ADR 0034). */
export const translationsRoutes =
  (deps: TranslationsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const security = bearer;
    const read = { permission: 'catalogue.read' } as const;
    const edit = { permission: 'translation.edit' } as const;
    const t = deps.translations;

    app.get(
      '/api/products/:id/translations',
      {
        config: read,
        schema: {
          tags: ['products'],
          security,
          params: idParam,
          response: { 200: byLocale(productTranslationSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => t.productTranslations(request.params.id),
    );
    app.put(
      '/api/products/:id/translations/:locale',
      {
        config: edit,
        schema: {
          tags: ['products'],
          security,
          description: `A product's name, description, SEO title and description and sections in one locale. ${WRITE_NOTE} \`sections\` is the whole document of the locale: { lists: { "<list id>": { title, description, items: { "<item id>": caption } } }, spec_groups: { "<group id>": { name, intro, specs: { "<spec id>": { label, value } } } }, tables: { "<table id>": { heading, intro, note, columns: [name…], rows: [[cell…]…] } } }, ids as the bundle gives them and a table's cells by position; a text left out or null shows the default's.`,
          params: idLocale,
          body: productTranslationBody,
          response: { 200: productTranslationSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => t.setProduct(request.params.id, request.params.locale, request.body),
    );

    app.get(
      '/api/products/:id/options/:optionId/translations',
      {
        config: read,
        schema: {
          tags: ['products'],
          security,
          params: optionParams,
          response: { 200: byLocale(optionTranslationSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => t.optionTranslations(request.params.id, Number(request.params.optionId)),
    );
    app.put(
      '/api/products/:id/options/:optionId/translations/:locale',
      {
        config: edit,
        schema: {
          tags: ['products'],
          security,
          description: `An option's name and its values in one locale: { name, values: { "<value id>": text } }, the ids as the bundle's options give them. Values merge by id: one left out keeps its text, "" or null clears it; an id that is not one of the option's values is a 400. ${WRITE_NOTE}`,
          params: optionLocale,
          body: optionTranslationBody,
          response: { 200: optionTranslationSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        t.setOption(request.params.id, Number(request.params.optionId), request.params.locale, request.body),
    );

    app.get(
      '/api/categories/:id/translations',
      {
        config: read,
        schema: {
          tags: ['categories'],
          security,
          params: idParam,
          response: { 200: byLocale(categoryTranslationSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => t.categoryTranslations(request.params.id),
    );
    app.put(
      '/api/categories/:id/translations/:locale',
      {
        config: edit,
        schema: {
          tags: ['categories'],
          security,
          description: `A category's name and description in one locale. ${WRITE_NOTE}`,
          params: idLocale,
          body: categoryTranslationBody,
          response: { 200: categoryTranslationSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => t.setCategory(request.params.id, request.params.locale, request.body),
    );

    app.get(
      '/api/brands/:id/translations',
      {
        config: read,
        schema: {
          tags: ['brands'],
          security,
          params: idParam,
          response: { 200: byLocale(brandTranslationSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => t.brandTranslations(request.params.id),
    );
    app.put(
      '/api/brands/:id/translations/:locale',
      {
        config: edit,
        schema: {
          tags: ['brands'],
          security,
          description: `A brand's description in one locale (its name is a name, the same in every language). ${WRITE_NOTE}`,
          params: idLocale,
          body: brandTranslationBody,
          response: { 200: brandTranslationSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => t.setBrand(request.params.id, request.params.locale, request.body),
    );
  };
