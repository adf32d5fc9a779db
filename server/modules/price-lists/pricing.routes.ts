import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TIER_QUANTITY_MAX } from '#domain/customer-pricing';
import { idParam } from '#domain/paging';
import {
  pricingLinesBody,
  pricingLinesResponse,
  pricingQuery,
  pricingResponse,
  tiersBody,
  tiersResponse,
} from '#domain/price-lists';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { CustomerPricing } from './customer-pricing.service';

export type PricingRoutesDeps = { pricing: CustomerPricing; authenticate: Authenticate };

/** The one answer to "what does this customer pay", and a variant's quantity breaks (ADR 0031). */
export const pricingRoutes =
  (deps: PricingRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['price lists'];

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
  };
