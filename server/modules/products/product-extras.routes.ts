import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#domain/paging';
import { PRODUCT_CSV_COLUMNS, productDuplicateResponse, productExportQuery } from '#domain/product-list';
import type { Authenticate } from '../../auth/hooks';
import { sendCsv } from '../../http/csv';
import { bearer, errors } from '../../http/schemas';
import type { ProductDuplicateService } from './product-duplicate.service';
import { IMAGE_URL_SEPARATOR, type ProductExportService } from './product-export';

export type ProductExtrasRoutesDeps = {
  duplicates: ProductDuplicateService;
  exports: ProductExportService;
  authenticate: Authenticate;
};

/** Staff work on whole products beside the editor: a copy of one, and the list as CSV. */
export const productExtrasRoutes =
  (deps: ProductExtrasRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['products'];

    app.post(
      '/api/products/:id/duplicate',
      {
        schema: {
          tags,
          security: bearer,
          description:
            'Copies the product as a new draft: its fields, its own discount, its sections in their order and its gallery (the same image files, shared), with the name followed by " (copy)", a new slug and no SKU.',
          params: idParam,
          response: { 201: productDuplicateResponse, ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.duplicates.duplicate(request.params.id)),
    );

    app.get(
      '/api/products/export.csv',
      {
        schema: {
          tags,
          security: bearer,
          description: `Every product the list's filters match, in the list's sort, as CSV, streamed: ${PRODUCT_CSV_COLUMNS.join(', ')}. category_path is the category's path of slugs (tools/drills); mrp and final_price are decimals (final_price after the best live discount, now); image_urls are the gallery's URLs in order, separated by ${IMAGE_URL_SEPARATOR === ' ' ? 'a space' : `"${IMAGE_URL_SEPARATOR}"`}. Cells a spreadsheet would read as a formula start with an apostrophe.`,
          querystring: productExportQuery,
          response: { 200: z.string().describe('text/csv'), ...errors(400, 401) },
        },
      },
      async (request, reply) =>
        sendCsv(request, reply, {
          stem: 'products',
          columns: PRODUCT_CSV_COLUMNS,
          batches: deps.exports.batches(request.query),
        }),
    );
  };
