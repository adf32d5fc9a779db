import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_TEXT,
  accountBasketSchema,
  accountListQuery,
  accountMeSchema,
  accountOrderDetailSchema,
  accountOrdersResponse,
  accountQuoteSchema,
  accountQuotesResponse,
  accountRequestsResponse,
  accountSessionResponse,
  BUYER_TOKEN_PREFIX,
  loginLinkBody,
  loginLinkResponse,
  sessionBody,
} from '#domain/account';
import { ACCOUNT_PRICES_MAX } from '#domain/customer-pricing';
import { idParam } from '#domain/paging';
import { accountPricesQuery, accountPricesResponse } from '#domain/price-lists';
import { AppError } from '../../errors/app-error';
import { attachmentDisposition } from '../../http/download';
import { errors } from '../../http/schemas';
import type { CounterStore } from '../../limits/counters';
import { tooManyRequests } from '../../limits/throttle';
import type { BuyerPricing } from '../price-lists';
import type { AccountService, Buyer } from './account.service';

export type AccountRoutesDeps = {
  account: AccountService;
  pricing: BuyerPricing;
  counters: CounterStore;
  limits: { maxPerEmail: number; maxPerAddress: number; windowMs: number };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in buyer of a portal route (account.routes.ts); never set on a staff route. */
    buyer?: Buyer;
  }
}

const buyerBearer: { [scheme: string]: string[] }[] = [{ buyerToken: [] }];
const tags = ['account'];

const currentBuyer = (request: FastifyRequest): Buyer => {
  if (!request.buyer) throw new AppError(401, ACCOUNT_TEXT.signInRequired);
  return request.buyer;
};

/**
 * The buyer portal's API (ADR 0023). Its own sign-in (a one-time link, then a buyer token) and
 * its own hook: a staff token or an API token is not a buyer session here, as a buyer token is
 * nothing on a staff route (auth/hooks.ts).
 */
export const accountRoutes =
  (deps: AccountRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onClose', async () => {
      await deps.account.settle();
    });

    app.post(
      '/api/account/login-link',
      {
        schema: {
          tags,
          description:
            'E-mails a one-time sign-in link (PUBLIC_URL/account/login?token=…, valid 15 minutes, through the outbox) to the address if it names a customer. Always 202 with the same body, known address or not, and the answer does not wait for the lookup. Rate-limited per e-mail address (ACCOUNT_LINK_EMAIL_MAX) and per client address (ACCOUNT_LINK_RATE_MAX): 429 with Retry-After.',
          body: loginLinkBody,
          response: { 202: loginLinkResponse, ...errors(400, 429) },
        },
      },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        const taken = await deps.counters.take(
          [
            { key: `account-link:email:${email}`, max: deps.limits.maxPerEmail },
            { key: `account-link:addr:${request.ip}`, max: deps.limits.maxPerAddress },
          ],
          deps.limits.windowMs,
        );
        if (!taken.allowed) throw tooManyRequests(ACCOUNT_TEXT.tooMany, taken.retryAfterMs);
        deps.account.requestLink(email, (err) => request.log.error({ err }, 'account sign-in link failed'));
        return reply.code(202).send({ message: ACCOUNT_TEXT.linkSent });
      },
    );

    app.post(
      '/api/account/session',
      {
        schema: {
          tags,
          description:
            "Exchanges a sign-in link's token for a buyer token (`by_…`, valid 30 days). The link works once: a used, expired or unknown one is 400.",
          body: sessionBody,
          response: { 200: accountSessionResponse, ...errors(400) },
        },
      },
      async (request) => deps.account.startSession(request.body.token),
    );

    await app.register(async (scope) => {
      const buyer = scope.withTypeProvider<ZodTypeProvider>();
      buyer.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
        const match = request.headers.authorization?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
        if (!match) throw new AppError(401, ACCOUNT_TEXT.signInRequired);
        // A staff sign-in or an API token is no buyer session, whoever holds it.
        if (!match[1].startsWith(BUYER_TOKEN_PREFIX)) throw new AppError(401, ACCOUNT_TEXT.staffTokenRefused);
        const found = await deps.account.authenticate(match[1]);
        if (!found) throw new AppError(401, ACCOUNT_TEXT.sessionExpired);
        request.buyer = found;
      });

      buyer.get(
        '/api/account',
        {
          schema: {
            tags,
            security: buyerBearer,
            description: "The signed-in buyer: name, e-mail, company, and whether they see the company's.",
            response: { 200: accountMeSchema, ...errors(401) },
          },
        },
        async (request) => deps.account.me(currentBuyer(request)),
      );
      buyer.post(
        '/api/account/logout',
        {
          schema: {
            tags,
            security: buyerBearer,
            description: 'Ends the buyer session: its token is refused from the next request.',
            response: { 204: z.null().describe('Signed out'), ...errors(401) },
          },
        },
        async (request, reply) => {
          await deps.account.logout(currentBuyer(request));
          return reply.code(204).send(null);
        },
      );
      const list = (what: string) =>
        `${what}, newest first, paged (\`page\`, \`limit\`, \`meta.total\`): the buyer's own, or their company's when staff granted "sees the company's".`;
      buyer.get(
        '/api/account/requests',
        {
          schema: {
            tags,
            security: buyerBearer,
            description: list('Requests with reference and status'),
            querystring: accountListQuery,
            response: { 200: accountRequestsResponse, ...errors(400, 401) },
          },
        },
        async (request) => deps.account.requests(currentBuyer(request), request.query),
      );
      buyer.get(
        '/api/account/quotes',
        {
          schema: {
            tags,
            security: buyerBearer,
            description: list("Each request's latest sent quote, with its number of versions"),
            querystring: accountListQuery,
            response: { 200: accountQuotesResponse, ...errors(400, 401) },
          },
        },
        async (request) => deps.account.quotes(currentBuyer(request), request.query),
      );
      buyer.get(
        '/api/account/orders',
        {
          schema: {
            tags,
            security: buyerBearer,
            description: list('Orders with number and status'),
            querystring: accountListQuery,
            response: { 200: accountOrdersResponse, ...errors(400, 401) },
          },
        },
        async (request) => deps.account.orders(currentBuyer(request), request.query),
      );
      buyer.get(
        '/api/account/orders/:id',
        {
          schema: {
            tags,
            security: buyerBearer,
            description:
              "One order the buyer sees (their own, or their company's when granted): its status, lines and totals as confirmed, PO number and addresses. Another customer's order is 404, the same as an id that names nothing.",
            params: idParam,
            response: { 200: accountOrderDetailSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) => deps.account.order(currentBuyer(request), request.params.id),
      );
      buyer.get(
        '/api/account/orders/:id/pdf',
        {
          schema: {
            tags,
            security: buyerBearer,
            description:
              "The order's PDF, as its confirmation e-mail attaches it (`order-SO-000123.pdf`), drawn from the order as it is now. Another customer's order is 404.",
            params: idParam,
            // Bytes, sent as they are: Fastify serialises no Buffer.
            response: { 200: z.unknown().describe('application/pdf'), ...errors(400, 401, 404) },
          },
        },
        async (request, reply) => {
          const { filename, pdf } = await deps.account.orderPdf(currentBuyer(request), request.params.id);
          return (
            reply
              .type('application/pdf')
              .header('content-disposition', attachmentDisposition(filename))
              // The buyer's own document: kept by no shared cache.
              .header('cache-control', 'private, no-store')
              .send(pdf)
          );
        },
      );
      buyer.get(
        '/api/account/quotes/:id',
        {
          schema: {
            tags,
            security: buyerBearer,
            description:
              "A quote by any of its versions' ids: every sent version, newest (current) first, each with its token for the customer's quote routes (`/api/public/quotes/{token}`, its PDF and answers). Another customer's quote is 404.",
            params: idParam,
            response: { 200: accountQuoteSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) => deps.account.quote(currentBuyer(request), request.params.id),
      );
      buyer.get(
        '/api/account/prices',
        {
          schema: {
            tags,
            security: buyerBearer,
            description: `The signed-in buyer's own prices for up to ${ACCOUNT_PRICES_MAX} variants at a quantity (1 unless given): each variant's unit price, its list price and where the price came from (list, tier, discount or one of their price lists), by the rule of \`GET /api/pricing\`. With \`product_ids\`, each product is priced by its active variant that costs the buyer least, named in the answer with \`product_id\` (the shop's cards and older basket lines know their product alone); together at most ${ACCOUNT_PRICES_MAX} ids. Ids that name no variant, or no product with an active variant, are left out.`,
            querystring: accountPricesQuery,
            response: { 200: accountPricesResponse, ...errors(400, 401) },
          },
        },
        async (request) =>
          deps.pricing.forBuyer(
            currentBuyer(request).id,
            request.query.variant_ids ?? [],
            request.query.quantity ?? 1,
            request.query.product_ids,
          ),
      );
      buyer.get(
        '/api/account/quotes/:id/basket',
        {
          schema: {
            tags,
            security: buyerBearer,
            description:
              "Request again: the quote's products as the shop's basket keeps them, at today's prices and the quoted quantities; lines the shop does not sell now are named in `skipped`. Another customer's quote is 404.",
            params: idParam,
            response: { 200: accountBasketSchema, ...errors(400, 401, 404) },
          },
        },
        async (request) => deps.account.basket(currentBuyer(request), request.params.id),
      );
    });
  };
