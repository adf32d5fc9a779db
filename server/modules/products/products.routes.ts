import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#domain/errors';
import { positiveIdString } from '#domain/fields';
import { IMAGE_BATCH_MAX } from '#domain/images';
import { idParam } from '#domain/paging';
import { productBulkBody, productBulkResponse, productListQuery } from '#domain/product-list';
import {
  createProductBody,
  imageAltBody,
  imageBatchResponse,
  imageOrderBody,
  PRODUCT_MESSAGES,
  productBaseSchema,
  productBundleSchema,
  productImageSchema,
  productListResponse,
  publicProductsQuery,
  publicProductsResponse,
  refusedFileSchema,
  slugParam,
  updateProductBody,
} from '#domain/products';
import {
  blockSchema,
  listBody,
  listSchema,
  moveBody,
  sectionOrderBody,
  specGroupBody,
  specGroupSchema,
  tableBody,
  tableSchema,
} from '#domain/sections';
import type { Authenticate } from '../../auth/hooks';
import { AppError, badRequest } from '../../errors/app-error';
import { JSON_TYPE, sendTagged } from '../../http/conditional';
import { readForm, refuseOversizedUpload } from '../../http/form';
import { bearer, errors } from '../../http/schemas';
import { IMAGE_MESSAGES } from '../../images/messages';
import { prepareBatch } from '../../images/process';
import type { BundleService } from './bundle.service';
import type { ProductBulkService } from './product-bulk.service';
import type { ProductImagesService } from './product-images.service';
import type { ProductsService } from './products.service';
import type { SectionsService } from './sections.service';

/**
 * A batch with no good file: the first file's refusal, with every file's beside it. Optional,
 * since a request refused whole (not multipart, too long, too many files) names no file.
 */
const batchRefusal = errorResponse.extend({ refused: z.array(refusedFileSchema).optional() });

export type ProductsRoutesDeps = {
  products: ProductsService;
  productImages: ProductImagesService;
  sections: SectionsService;
  bundles: BundleService;
  bulk: ProductBulkService;
  authenticate: Authenticate;
};

/** One kind of content section; each body schema guarantees its own service input. */
type SectionKind = {
  path: string;
  param: string;
  body: z.ZodType;
  schema: z.ZodType;
  create: (productId: number, input: never) => Promise<unknown>;
  update: (productId: number, sectionId: number, input: never) => Promise<unknown>;
  remove: (productId: number, sectionId: number) => Promise<unknown>;
};
const deleted = { 204: z.null().describe('Deleted') };
const sectionParams = (name: string) =>
  z.object({ id: idParam.shape.id, [name]: positiveIdString('Section id') });

export const productsRoutes =
  (deps: ProductsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['products'];
    const security = bearer;

    app.get(
      '/api/products',
      {
        schema: {
          tags,
          security,
          querystring: productListQuery,
          response: { 200: productListResponse, ...errors(400, 401) },
        },
      },
      async (request) => deps.products.list(request.query),
    );

    app.get(
      '/api/products/options',
      {
        schema: {
          tags,
          security,
          description: 'Products by name for pickers, drafts included.',
          querystring: publicProductsQuery,
          response: { 200: publicProductsResponse, ...errors(400, 401) },
        },
      },
      async (request) => ({
        data: await deps.products.options({
          q: (request.query.q ?? '').trim(),
          limit: request.query.limit ?? 1000,
          publishedOnly: false,
        }),
      }),
    );

    app.get(
      '/api/products/slug/:slug/bundle',
      {
        schema: {
          tags,
          security,
          description: "A product's bundle as staff preview it: drafts included.",
          params: slugParam,
          response: { 200: productBundleSchema, ...errors(400, 401, 404) },
        },
      },
      async (request, reply) =>
        sendTagged(request, reply as FastifyReply, await deps.bundles.get(request.params.slug), JSON_TYPE),
    );

    app.post(
      '/api/products/bulk',
      {
        schema: {
          tags,
          security,
          description:
            "One action on the products picked by `ids` or by the list's `filter`, in one transaction. " +
            '`count` is how many changed; with `dry_run` how many would, and nothing changes.',
          body: productBulkBody,
          response: { 200: productBulkResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) => deps.bulk.apply(request.body),
    );

    app.post(
      '/api/products',
      {
        schema: {
          tags,
          security,
          body: createProductBody,
          response: { 201: productBaseSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.products.create(request.body)),
    );

    app.put(
      '/api/products/:id',
      {
        schema: {
          tags,
          security,
          params: idParam,
          body: updateProductBody,
          response: { 200: productBaseSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => deps.products.update(request.params.id, request.body),
    );

    app.delete(
      '/api/products/:id',
      { schema: { tags, security, params: idParam, response: { ...deleted, ...errors(400, 401, 404) } } },
      async (request, reply) => {
        await deps.products.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/products/:id/images',
      {
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

    app.get(
      '/api/products/:id/layout',
      {
        schema: {
          tags,
          security,
          params: idParam,
          response: { 200: z.object({ blocks: z.array(blockSchema) }), ...errors(400, 401, 404) },
        },
      },
      async (request) => ({ blocks: await deps.products.layout(request.params.id) }),
    );

    app.post(
      '/api/products/:id/layout/blocks/:blockId/move',
      {
        schema: {
          tags,
          security,
          params: z.object({ id: idParam.shape.id, blockId: positiveIdString('Block id') }),
          body: moveBody,
          response: { 200: z.object({ blocks: z.array(blockSchema) }), ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => ({
        blocks: await deps.sections.move(request.params.id, request.params.blockId, request.body.direction),
      }),
    );

    app.put(
      '/api/products/:id/layout/order',
      {
        schema: {
          tags,
          security,
          description:
            "Puts the product's sections (content blocks) in the order of ids, which names each of them exactly once, in one transaction; the basic and images blocks keep their places. Answers the layout in its new order.",
          params: idParam,
          body: sectionOrderBody,
          response: { 200: z.object({ blocks: z.array(blockSchema) }), ...errors(400, 401, 404) },
        },
      },
      async (request) => ({ blocks: await deps.sections.order(request.params.id, request.body.ids) }),
    );

    // Content sections: the same three routes for each kind.
    const kinds = [
      {
        path: 'lists',
        param: 'listId',
        body: listBody,
        schema: listSchema,
        create: deps.sections.createList,
        update: deps.sections.updateList,
        remove: deps.sections.deleteList,
      },
      {
        path: 'spec-groups',
        param: 'groupId',
        body: specGroupBody,
        schema: specGroupSchema,
        create: deps.sections.createSpecGroup,
        update: deps.sections.updateSpecGroup,
        remove: deps.sections.deleteSpecGroup,
      },
      {
        path: 'tables',
        param: 'tableId',
        body: tableBody,
        schema: tableSchema,
        create: deps.sections.createTable,
        update: deps.sections.updateTable,
        remove: deps.sections.deleteTable,
      },
    ] satisfies SectionKind[];

    for (const kind of kinds as SectionKind[]) {
      const params = sectionParams(kind.param);
      const sectionId = (p: Record<string, number>) => p[kind.param];
      app.post(
        `/api/products/:id/${kind.path}`,
        {
          schema: {
            tags,
            security,
            params: idParam,
            body: kind.body,
            response: { 201: kind.schema, ...errors(400, 401, 404) },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await kind.create(request.params.id, request.body as never)),
      );
      app.put(
        `/api/products/:id/${kind.path}/:${kind.param}`,
        {
          schema: {
            tags,
            security,
            params,
            body: kind.body,
            response: { 200: kind.schema, ...errors(400, 401, 404) },
          },
        },
        async (request) =>
          kind.update(
            request.params.id,
            sectionId(request.params as Record<string, number>),
            request.body as never,
          ),
      );
      app.delete(
        `/api/products/:id/${kind.path}/:${kind.param}`,
        { schema: { tags, security, params, response: { ...deleted, ...errors(400, 401, 404) } } },
        async (request, reply) => {
          await kind.remove(request.params.id, sectionId(request.params as Record<string, number>));
          return reply.code(204).send(null);
        },
      );
    }
  };

/** What a visitor may see: the preview bundle and the product option list. */
export const publicProductsRoutes =
  (deps: Pick<ProductsRoutesDeps, 'products' | 'bundles'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/public/products',
      {
        schema: {
          tags: ['public'],
          querystring: publicProductsQuery,
          response: { 200: publicProductsResponse, ...errors(400) },
        },
      },
      async (request) => ({
        data: await deps.products.options({
          q: (request.query.q ?? '').trim(),
          limit: request.query.limit ?? 1000,
          publishedOnly: true,
        }),
      }),
    );

    app.get(
      '/api/public/products/slug/:slug/bundle',
      {
        schema: {
          tags: ['public'],
          params: slugParam,
          response: { 200: productBundleSchema, ...errors(400, 404) },
        },
      },
      async (request, reply) =>
        sendTagged(
          request,
          reply as FastifyReply,
          await deps.bundles.getPublished(request.params.slug),
          JSON_TYPE,
        ),
    );
  };
