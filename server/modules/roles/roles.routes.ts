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
import type { Authenticate } from '../../auth/hooks';
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
        config: { permission: 'role.manage' },
        schema: {
          tags,
          security,
          description:
            'A custom role. Its key is derived from the name (lower case, dashes) and never changes.',
          body: createRoleBody,
          response: { 201: roleSchema, ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.roles.create(request.body)),
    );

    app.patch(
      '/api/roles/:key',
      {
        config: { permission: 'role.manage' },
        schema: {
          tags,
          security,
          description:
            'Renames a custom role or replaces its permissions; holders see the change on their next request. Built-in roles are 409, as is a change that would leave nobody holding both user.manage and role.manage.',
          params: roleKeyParam,
          body: updateRoleBody,
          response: { 200: roleSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deps.roles.update(request.params.key, request.body),
    );

    app.delete(
      '/api/roles/:key',
      {
        config: { permission: 'role.manage' },
        schema: {
          tags,
          security,
          description:
            'Deletes a custom role. A built-in role, or one still held by users (the message says how many), is 409.',
          params: roleKeyParam,
          response: { ...deleted, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deps.roles.remove(request.params.key);
        return reply.code(204).send(null);
      },
    );
  };
