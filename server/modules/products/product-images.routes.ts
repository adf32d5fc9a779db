import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#domain/errors';
import { positiveIdString } from '#domain/fields';
import { IMAGE_BATCH_MAX } from '#domain/images';
import { idParam } from '#domain/paging';
import {
  imageAltBody,
  imageBatchResponse,
  imageOrderBody,
  PRODUCT_MESSAGES,
  productImageSchema,
  refusedFileSchema,
} from '#domain/products';
import type { Authenticate } from '../../auth/hooks';
import { AppError, badRequest } from '../../errors/app-error';
import { readForm, refuseOversizedUpload } from '../../http/form';
import { bearer, deleted, errors } from '../../http/schemas';
import { IMAGE_MESSAGES } from '../../images/messages';
import { prepareBatch } from '../../images/process';
import type { ProductImagesService } from './product-images.service';

/**
 * A batch with no good file: the first file's refusal, with every file's beside it. Optional,
 * since a request refused whole (not multipart, too long, too many files) names no file.
 */
const batchRefusal = errorResponse.extend({ refused: z.array(refusedFileSchema).optional() });

export type ProductImagesRoutesDeps = { productImages: ProductImagesService; authenticate: Authenticate };

/** A product's gallery: upload in batches, order, alt texts, removal. */
export const productImagesRoutes =
  (deps: ProductImagesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['products'];
    const security = bearer;

    app.get(
      '/api/products/:id/images',
      {
        config: { permission: 'catalogue.read' },
        schema: {
          tags,
          security,
          params: idParam,
          response: { 200: z.object({ data: z.array(productImageSchema) }), ...errors(400, 401, 404) },
        },
      },
      async (request) => ({ data: await deps.productImages.list(request.params.id) }),
    );

    app.post(
      '/api/products/:id/images/batch',
      {
        config: { permission: 'product.edit' },
        onRequest: refuseOversizedUpload(IMAGE_BATCH_MAX, IMAGE_MESSAGES.product.size),
        schema: {
          tags,
          security,
          description: `multipart/form-data with up to ${IMAGE_BATCH_MAX} files in images[] (JPEG, PNG or WebP, 5 MB each). The good files are stored and the answer is 201 with the gallery in data; any refused file is named in refused [{ file, error }]. When no file is good, nothing is stored and the answer is the first refusal's 413 or 415, naming every file in refused.`,
          params: idParam,
          response: {
            201: imageBatchResponse,
            413: batchRefusal,
            415: batchRefusal,
            ...errors(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError(415, 'Expected a multipart form upload');
        const form = await readForm(request, z.strictObject({}), {
          fields: ['images[]', 'images'],
          messages: IMAGE_MESSAGES.product,
          maxFiles: IMAGE_BATCH_MAX,
          keepOversized: true,
        });
        if (form.files.length === 0) throw badRequest(PRODUCT_MESSAGES.noImages);
        const outcomes = await prepareBatch(form.files, IMAGE_MESSAGES.product);
        const refused = outcomes.flatMap((o) =>
          o.refusal ? [{ file: o.file, error: o.refusal.message }] : [],
        );
        const good = outcomes.flatMap((o) => (o.image ? [o.image] : []));
        if (good.length === 0) {
          const first = outcomes[0];
          const status = first.refusal?.statusCode === 413 ? 413 : 415;
          return reply.code(status).send({ error: refused[0].error, details: { file: first.file }, refused });
        }
        const data = await deps.productImages.addBatch(request.params.id, good);
        return reply.code(201).send(refused.length > 0 ? { data, refused } : { data });
      },
    );

    app.put(
      '/api/products/:id/images/order',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            'Puts the gallery in the order of ids, which names every image of the product exactly once; the first is the primary image (cards, link previews). Answers the gallery in its new order.',
          params: idParam,
          body: imageOrderBody,
          response: { 200: z.object({ data: z.array(productImageSchema) }), ...errors(400, 401, 404) },
        },
      },
      async (request) => ({ data: await deps.productImages.reorder(request.params.id, request.body.ids) }),
    );

    app.patch(
      '/api/products/:id/images/:imageId',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          description:
            "Sets the image's alt text, which the bundle's images[].alt and the shop's <img alt> carry.",
          params: z.object({ id: idParam.shape.id, imageId: positiveIdString('Image id') }),
          body: imageAltBody,
          response: { 200: productImageSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) =>
        deps.productImages.setAlt(request.params.id, request.params.imageId, request.body.alt),
    );

    app.post(
      '/api/products/:id/images/:imageId/delete',
      {
        config: { permission: 'product.edit' },
        schema: {
          tags,
          security,
          params: z.object({ id: idParam.shape.id, imageId: positiveIdString('Image id') }),
          response: { ...deleted, ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deps.productImages.remove(request.params.id, request.params.imageId);
        return reply.code(204).send(null);
      },
    );
  };
