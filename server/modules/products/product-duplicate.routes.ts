import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#domain/paging';
import { productDuplicateResponse } from '#domain/product-list';
import type { Authenticate } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { ProductDuplicateService } from './product-duplicate.service';

export type ProductDuplicateRoutesDeps = { duplicates: ProductDuplicateService; authenticate: Authenticate };

/** A copy of a product, as a new draft, for staff. */
export const productDuplicateRoutes =
  (deps: ProductDuplicateRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);

    app.post(
      '/api/products/:id/duplicate',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags: ['products'],
          security: bearer,
          description:
            'Copies the product as a new draft: its fields, its own discount, its sections in their order and its gallery (the same image files, shared), with the name followed by " (copy)", a new slug and no SKU.',
          params: idParam,
          response: { 201: productDuplicateResponse, ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.duplicates.duplicate(request.params.id)),
    );
  };
