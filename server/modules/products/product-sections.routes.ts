import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positiveIdString } from '#domain/fields';
import { idParam } from '#domain/paging';
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
import { bearer, deleted, errors } from '../../http/schemas';
import type { ProductsService } from './products.service';
import type { SectionsService } from './sections.service';

export type ProductSectionsRoutesDeps = {
  products: ProductsService;
  sections: SectionsService;
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
const sectionParams = (name: string) =>
  z.object({ id: idParam.shape.id, [name]: positiveIdString('Section id') });

/** A product's layout (the order of its blocks) and its content sections: lists, spec groups, tables. */
export const productSectionsRoutes =
  (deps: ProductSectionsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['products'];
    const security = bearer;

    app.get(
      '/api/products/:id/layout',
      {
        config: { permission: 'catalogue.read' },
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
        config: { permission: 'product.edit' },
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
        config: { permission: 'product.edit' },
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
          config: { permission: 'product.edit' },
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
          config: { permission: 'product.edit' },
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
        {
          config: { permission: 'product.edit' },
          schema: { tags, security, params, response: { ...deleted, ...errors(400, 401, 403, 404) } },
        },
        async (request, reply) => {
          await kind.remove(request.params.id, sectionId(request.params as Record<string, number>));
          return reply.code(204).send(null);
        },
      );
    }
  };
