import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#domain/paging';
import {
  createPriceListBody,
  PRICE_LIST_CSV_COLUMNS,
  PRICE_LIST_IMPORT,
  PRICE_LIST_TEXT,
  PRICE_LISTS_PAGE_DEFAULT,
  priceImportResponse,
  priceKeyParams,
  priceKeyQuery,
  priceListListQuery,
  priceListListResponse,
  priceListSchema,
  pricesExportQuery,
  pricesListQuery,
  pricesListResponse,
  putPricesBody,
  updatePriceListBody,
} from '#domain/price-lists';
import type { Authenticate } from '../../auth/hooks';
import { notFound } from '../../errors/app-error';
import { sendCsv } from '../../http/csv';
import { bearer, errors } from '../../http/schemas';
import { readPriceFile, refuseOversizedPrices } from './price-import';
import type { PriceListsService } from './price-lists.service';

export type PriceListsRoutesDeps = {
  priceLists: PriceListsService;
  authenticate: Authenticate;
};

/** Price lists: the agreements, whom they hold for, and a fixed list's grid with its CSV (ADR 0031). */
export const priceListsRoutes =
  (deps: PriceListsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['price lists'];
    const manage = { permission: 'pricelist.manage' } as const;

    app.get(
      '/api/price-lists',
      {
        config: manage,
        schema: {
          tags,
          security: bearer,
          description: `Newest first, ${PRICE_LISTS_PAGE_DEFAULT} per page unless \`limit\` asks otherwise. \`q\` finds names containing it; \`company_id\` and \`customer_id\` keep the lists assigned to them.`,
          querystring: priceListListQuery,
          response: { 200: priceListListResponse, ...errors(400, 401) },
        },
      },
      async (request) => deps.priceLists.list(request.query),
    );

    app.post(
      '/api/price-lists',
      {
        config: manage,
        schema: {
          tags,
          security: bearer,
          description:
            'A fixed list holds a price per variant and quantity (PUT …/prices); a percent list takes `percent` off the list or break price of every variant. It holds, while active and inside `starts_at`–`ends_at`, for the companies and customers named.',
          body: createPriceListBody,
          response: { 201: priceListSchema, ...errors(400, 401) },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.priceLists.create(request.body)),
    );

    app.get(
      '/api/price-lists/:id',
      {
        config: manage,
        schema: {
          tags,
          security: bearer,
          params: idParam,
          response: { 200: priceListSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.priceLists.get(request.params.id),
    );

    app.patch(
      '/api/price-lists/:id',
      {
        config: manage,
        schema: {
          tags,
          security: bearer,
          description:
            'Any of the fields; `company_ids` and `customer_ids` replace the assignments when given. A list turned from fixed to percent drops its prices.',
          params: idParam,
          body: updatePriceListBody,
          response: { 200: priceListSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.priceLists.update(request.params.id, request.body),
    );

    app.delete(
      '/api/price-lists/:id',
      {
        config: manage,
        schema: {
          tags,
          security: bearer,
          params: idParam,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deps.priceLists.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/price-lists/:id/prices',
      {
        config: manage,
        schema: {
          tags,
          security: bearer,
          description: `A fixed list's prices by variant and quantity, ${PRICE_LISTS_PAGE_DEFAULT} per page unless \`limit\` asks otherwise; \`q\` finds a SKU or a product name.`,
          params: idParam,
          querystring: pricesListQuery,
          response: { 200: pricesListResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.priceLists.prices(request.params.id, request.query),
    );

    app.put(
      '/api/price-lists/:id/prices',
      {
        config: manage,
        schema: {
          tags,
          security: bearer,
          description:
            'Sets prices of a fixed list: each row names its variant by `variant_id` or `sku`, from `min_quantity` (1 unless given). A variant and quantity the list already prices takes the new price; all rows or none.',
          params: idParam,
          body: putPricesBody,
          response: { 200: z.object({ count: z.number() }), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const { count } = await deps.priceLists.putPrices(request.params.id, request.body.prices);
        return { count };
      },
    );

    app.delete(
      '/api/price-lists/:id/prices/:variantId',
      {
        config: manage,
        schema: {
          tags,
          security: bearer,
          description:
            "Removes one row of a fixed list's grid: the variant's price from `min_quantity` (1 unless given).",
          params: priceKeyParams,
          querystring: priceKeyQuery,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const { id, variantId } = request.params;
        const { removed } = await deps.priceLists.putPrices(id, [], {
          remove: [{ variant_id: variantId, min_quantity: request.query.min_quantity ?? 1 }],
        });
        if (!removed) throw notFound(PRICE_LIST_TEXT.priceNotFound);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/price-lists/:id/prices/export.csv',
      {
        config: { permission: ['export.run', 'pricelist.manage'] },
        schema: {
          tags,
          security: bearer,
          description: `A fixed list's prices as CSV, streamed in the grid's order (variant, then quantity), \`q\` as the grid's: ${PRICE_LIST_CSV_COLUMNS.join(', ')}. Prices are exact decimals; cells a spreadsheet would read as a formula start with an apostrophe. POST …/prices/import reads the file back.`,
          params: idParam,
          querystring: pricesExportQuery,
          response: { 200: z.string().describe('text/csv'), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) =>
        sendCsv(request, reply, {
          stem: `price-list-${request.params.id}`,
          columns: PRICE_LIST_CSV_COLUMNS,
          batches: await deps.priceLists.exportPrices(request.params.id, request.query),
        }),
    );

    app.post(
      '/api/price-lists/:id/prices/import',
      {
        config: manage,
        onRequest: refuseOversizedPrices,
        schema: {
          tags,
          security: bearer,
          description: `Sets a fixed list's prices from a CSV, through the same write as PUT …/prices. Multipart/form-data: \`file\`, a UTF-8 CSV with a header row (at most ${PRICE_LIST_IMPORT.maxBytes / 1024 / 1024} MB and ${PRICE_LIST_IMPORT.maxRows.toLocaleString('en-US')} rows) holding \`price\` and \`sku\` or \`variant_id\` (used when the SKU cell is empty), and \`min_quantity\` (1 when empty or absent); other columns, such as the export's, are ignored. \`mode\`: "merge" (the default) sets the file's rows and keeps the others, "replace" leaves the list holding exactly the file's rows. All rows or none: a file with bad rows answers 400 with \`details\` naming each (\`row 7\`, the file's line) and changes nothing.`,
          consumes: ['multipart/form-data'],
          params: idParam,
          response: { 200: priceImportResponse, ...errors(400, 401, 404, 413, 415) },
        },
      },
      async (request) => {
        await deps.priceLists.get(request.params.id);
        const file = await readPriceFile(request);
        const { count } = await deps.priceLists.putPrices(request.params.id, file.rows, {
          replace: file.mode === 'replace',
          label: (i) => `row ${file.fileRows[i]}`,
        });
        return { count, mode: file.mode };
      },
    );
  };
