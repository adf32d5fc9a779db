import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveIdString } from '#domain/fields';
import { idParam } from '#domain/paging';
import {
  createOptionBody,
  createVariantBody,
  optionSchema,
  updateOptionBody,
  updateVariantBody,
  variantListResponse,
  variantSchema,
} from '#domain/variants';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { bearer, deleted, errors } from '../../http/schemas';
import type { VariantsService } from './variants.service';

export type VariantsRoutesDeps = { variants: VariantsService; authenticate: Authenticate };

const optionParams = z.object({ id: idParam.shape.id, optionId: positiveIdString('Option id') });

/** A product's options and variants (docs/decisions/0029-product-variants.md). */
export const variantsRoutes =
  (deps: VariantsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['products'];
    const security = bearer;

    app.post(
      '/api/products/:id/options',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            "Adds an option after the others (three at most: 400). Every existing variant takes the option's first value, so each keeps a combination of its own.",
          params: idParam,
          body: createOptionBody,
          response: { 201: optionSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await deps.variants.createOption(request.params.id, request.body)),
    );

    app.patch(
      '/api/products/:id/options/:optionId',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            'Renames the option and/or sets its whole ordered value list: a value kept by its text keeps its id and variants; removing a value a variant uses is 409.',
          params: optionParams,
          body: updateOptionBody,
          response: { 200: optionSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deps.variants.updateOption(request.params.id, request.params.optionId, request.body),
    );

    app.delete(
      '/api/products/:id/options/:optionId',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            'Removes the option and its values from every variant. 409 where two variants would then have the same options; the last option goes only when one variant is left.',
          params: optionParams,
          response: { ...deleted, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deps.variants.deleteOption(request.params.id, request.params.optionId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/products/:id/variants',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security,
          params: idParam,
          response: { 200: variantListResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) => ({ data: await deps.variants.listVariants(request.params.id) }),
    );

    app.post(
      '/api/products/:id/variants',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            "Adds a variant with a value of every option. A price other than the product's (its lowest) also needs product.price. 409 when the combination or the SKU is taken.",
          params: idParam,
          body: createVariantBody,
          response: { 201: variantSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await deps.variants.createVariant(
              request.params.id,
              request.body,
              currentUser(request).permissions,
            ),
          ),
    );

    app.post(
      '/api/products/:id/variants/generate',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            "Adds every combination of the options' values that has no variant, at the product's price, with the SKU `{product SKU}-{values joined by -}`.",
          params: idParam,
          response: {
            201: z.object({ created: z.number() }),
            ...errors(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.variants.generate(request.params.id)),
    );

    app.patch(
      '/api/variants/:id',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            "Changing `mrp` also needs product.price, changing `status` product.publish (403 naming the permission). `image_id` must be one of the product gallery's.",
          params: idParam,
          body: updateVariantBody,
          response: { 200: variantSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        deps.variants.updateVariant(request.params.id, request.body, currentUser(request).permissions),
    );

    app.delete(
      '/api/variants/:id',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description: 'A product keeps at least one variant (409). Lines that named it keep their copy.',
          params: idParam,
          response: { ...deleted, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deps.variants.deleteVariant(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
