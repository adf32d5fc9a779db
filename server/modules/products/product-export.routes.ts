import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_CSV_COLUMNS, productExportQuery } from '#domain/product-list';
import type { Authenticate } from '../../auth/hooks';
import { sendCsv } from '../../http/csv';
import { bearer, errors } from '../../http/schemas';
import { IMAGE_URL_SEPARATOR, type ProductExportService } from './product-export';

export type ProductExportRoutesDeps = { exports: ProductExportService; authenticate: Authenticate };

/** The staff product list as CSV. */
export const productExportRoutes =
  (deps: ProductExportRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);

    app.get(
      '/api/products/export.csv',
      {
        config: { permission: ['catalogue.read', 'export.run'] },
        schema: {
          tags: ['products'],
          security: bearer,
          description: `Every product the list's filters match, in the list's sort, as CSV, streamed, one row per variant (a product without options has one, its default variant's, with empty option cells) with the product's columns repeated: ${PRODUCT_CSV_COLUMNS.join(', ')}, then name@<locale>, description@<locale>, seo_title@<locale> and seo_description@<locale> for each locale of LOCALES but the default (empty where not translated). mrp is the product's (its lowest active variant's price), variant_mrp the variant's; option1..3 are the options in their order. category_path is the category's path of slugs (tools/drills); mrp and final_price are decimals (final_price after the best live discount, now); image_urls are the gallery's URLs in order, separated by ${IMAGE_URL_SEPARATOR === ' ' ? 'a space' : `"${IMAGE_URL_SEPARATOR}"`}. Cells a spreadsheet would read as a formula start with an apostrophe.`,
          querystring: productExportQuery,
          response: { 200: z.string().describe('text/csv'), ...errors(400, 401) },
        },
      },
      async (request, reply) =>
        sendCsv(request, reply, {
          stem: 'products',
          columns: deps.exports.columns,
          batches: deps.exports.batches(request.query),
        }),
    );
  };
