import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIER_QUANTITY_MAX } from '#domain/customer-pricing';
import { idParam } from '#domain/paging';
import {
  createPriceListBody,
  PRICE_LISTS_PAGE_DEFAULT,
  priceListListQuery,
  priceListListResponse,
  priceListSchema,
  pricesListQuery,
  pricesListResponse,
  pricingLinesBody,
  pricingLinesResponse,
  pricingQuery,
  pricingResponse,
  putPricesBody,
  tiersBody,
  tiersResponse,
  updatePriceListBody,
} from '#domain/price-lists';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { CustomerPricing } from './customer-pricing.service';
import type { PriceListsService } from './price-lists.service';

export type PriceListsRoutesDeps = {
  priceLists: PriceListsService;
  pricing: CustomerPricing;
  authenticate: Authenticate;
};

/** Price lists, a variant's quantity breaks and the one answer to "what does this customer pay" (ADR 0031). */
export const priceListsRoutes =
  (deps: PriceListsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['price lists'];
    const manage = { permission: 'pricelist.manage' } as const;

    app.get(
      '/api/pricing',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security: bearer,
          description: `What one of a variant costs at a quantity (1 unless given, up to ${TIER_QUANTITY_MAX}), for a customer when \`customer_id\` is given (which needs customer.read). The lowest of the list or break price less the best live discount and each live price list assigned to the customer or their company; a tie goes to the price list. \`source\` says which: list, tier, discount or price_list (with its id and name).`,
          querystring: pricingQuery,
          response: { 200: pricingResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.pricing.price(request.query, currentUser(request).permissions),
    );

    app.post(
      '/api/pricing',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security: bearer,
          description:
            "Several lines priced at once, each at its quantity, by the same rule as `GET /api/pricing` (with `customer_id`, which needs customer.read, that customer's prices): a quote's lines or an integration's cart in one call. The answer keeps the lines' order; a line naming no variant is a 400 naming `lines.N.variant_id`. Reads only: nothing is written.",
          body: pricingLinesBody,
          response: { 200: pricingLinesResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.pricing.priceLines(request.body, currentUser(request).permissions),
    );

    app.get(
      '/api/variants/:id/tiers',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security: bearer,
          params: idParam,
          response: { 200: tiersResponse, ...errors(400, 401) },
        },
      },
      async (request) => deps.pricing.tiers(request.params.id),
    );

    app.put(
      '/api/variants/:id/tiers',
      {
        config: { permission: 'product.price' },
        schema: {
          tags,
          security: bearer,
          description:
            "Replaces the variant's quantity breaks: from each `min_quantity` (2 or more, strictly increasing) on, one costs `mrp`. `[]` removes them. Discounts apply on top of the break price.",
          params: idParam,
          body: tiersBody,
          response: { 200: tiersResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) =>
        deps.pricing.setTiers(request.params.id, request.body.tiers, currentUser(request).permissions),
    );

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
      async (request) => deps.priceLists.putPrices(request.params.id, request.body.prices),
    );
  };
