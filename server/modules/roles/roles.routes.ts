import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERMISSIONS } from '#domain/permissions';
import {
  createRoleBody,
  noQuery,
  permissionListResponse,
  roleKeyParam,
  roleListResponse,
  roleSchema,
  updateRoleBody,
} from '#domain/roles';
import { type Authenticate, currentGrantor } from '../../auth/hooks';
import { bearer, deleted, errors, personBearer } from '../../http/schemas';
import type { RolesService } from './roles.service';

export type RolesRoutesDeps = { roles: RolesService; authenticate: Authenticate };

/** The permission codes, and roles as named sets of them. */
export const rolesRoutes =
  (deps: RolesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['roles'];
    const security = bearer;
    // Changing roles is for people only: a program's token never hands out rights (ADR 0019).
    const changes = { permission: 'role.manage', peopleOnly: true } as const;

    app.get(
      '/api/permissions',
      {
        config: { permission: 'signed-in' },
        schema: {
          tags,
          security: personBearer,
          description: 'Every permission code with its label, what it allows and its area.',
          querystring: noQuery,
          response: { 200: permissionListResponse, ...errors(400, 401) },
        },
      },
      async () => ({ data: PERMISSIONS.map((p) => ({ ...p })) }),
    );

    app.get(
      '/api/roles',
      {
        config: { permission: 'user.manage' },
        schema: {
          tags,
          security,
          description: 'Every role with its permissions and how many users hold it; built-in roles first.',
          querystring: noQuery,
          response: { 200: roleListResponse, ...errors(400, 401, 403) },
        },
      },
      async () => ({ data: await deps.roles.list() }),
    );

    app.post(
      '/api/roles',
      {
        config: changes,
        schema: {
          tags,
          security: personBearer,
          description:
            'A custom role. Its key is derived from the name (lower case, dashes) and never changes. A permission the caller does not hold is 403 naming it (`permission`): nobody gives more than they hold. API tokens are refused (403).',
          body: createRoleBody,
          response: { 201: roleSchema, ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await deps.roles.create(request.body, currentGrantor(request))),
    );

    app.patch(
      '/api/roles/:key',
      {
        config: changes,
        schema: {
          tags,
          security: personBearer,
          description:
            'Renames a custom role or replaces its permissions; holders see the change on their next request. Built-in roles are 409, as is a change that would leave nobody holding both user.manage and role.manage. 403 (naming the code in `permission`) when the role holds, or would hold, a permission the caller does not, and for the role the caller holds themselves; API tokens are refused (403).',
          params: roleKeyParam,
          body: updateRoleBody,
          response: { 200: roleSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deps.roles.update(request.params.key, request.body, currentGrantor(request)),
    );

    app.delete(
      '/api/roles/:key',
      {
        config: changes,
        schema: {
          tags,
          security: personBearer,
          description:
            'Deletes a custom role. A built-in role, or one still held by users (the message says how many), is 409; one holding a permission the caller does not is 403 naming it. API tokens are refused (403).',
          params: roleKeyParam,
          response: { ...deleted, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deps.roles.remove(request.params.key, currentGrantor(request));
        return reply.code(204).send(null);
      },
    );
  };
