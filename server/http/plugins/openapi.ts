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
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
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
