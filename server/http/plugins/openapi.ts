import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { webhookDocument } from './openapi-webhooks';

/** The OpenAPI document, built from every route's Zod schemas, and its pages at /api/docs. */
export const openApi = fp(
  async (app) => {
    const events = webhookDocument();
    await app.register(swagger, {
      openapi: {
        // 3.1 for the top-level `webhooks`: what Stockroom sends to a registered endpoint.
        openapi: '3.1.0',
        info: { title: 'Stockroom API', version: '1.0.0', description: 'Back-office API of Stockroom.' },
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'A person: the token POST /api/auth/login answers, valid for TOKEN_TTL_HOURS.',
            },
            buyerToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'by_…',
              description:
                'A buyer of the portal (/api/account): the token POST /api/account/session answers for a one-time ' +
                'e-mailed link. It opens the /api/account routes only; every staff route refuses it with 401.',
            },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'sk_…',
              description:
                'A program: an API token (`Authorization: Bearer sk_…`) made by an admin under Settings → ' +
                'Integrations. It has the permissions of its role, checked per route as for people (403 names ' +
                'the missing permission); a revoked, expired or unknown token is 401; each token may make ' +
                'API_TOKEN_RATE requests a minute (then 429 with Retry-After). Routes about a person ' +
                '(/api/me, sign-out, /api/api-tokens) refuse tokens with 403. Changes made with a token are ' +
                'in the change log under the token.',
            },
          },
          schemas: events.schemas,
        },
        webhooks: events.webhooks,
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
