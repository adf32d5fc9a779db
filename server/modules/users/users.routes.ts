import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#domain/paging';
import { createUserBody, updateUserBody, userListQuery, userListResponse, userSchema } from '#domain/users';
import { type Authenticate, currentGrantor, currentPerson } from '../../auth/hooks';
import { bearer, errors, personBearer } from '../../http/schemas';
import type { UsersService } from './users.service';

export type UsersRoutesDeps = {
  users: UsersService;
  authenticate: Authenticate;
};

/**
 * Staff accounts: for holders of user.manage; anyone else gets 403. Creating, changing and
 * deleting accounts is for people only: a program's token never hands out rights (ADR 0019).
 */
export const usersRoutes =
  (deps: UsersRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const changes = { permission: 'user.manage', peopleOnly: true } as const;

    app.get(
      '/api/users',
      {
        config: { permission: 'user.manage' },
        schema: {
          tags: ['users'],
          security: bearer,
          querystring: userListQuery,
          response: { 200: userListResponse, ...errors(400, 401, 403) },
        },
      },
      async (request) => deps.users.list(request.query),
    );

    app.get(
      '/api/users/:id',
      {
        config: { permission: 'user.manage' },
        schema: {
          tags: ['users'],
          security: bearer,
          params: idParam,
          response: { 200: userSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => deps.users.get(request.params.id),
    );

    app.post(
      '/api/users',
      {
        config: changes,
        schema: {
          tags: ['users'],
          security: personBearer,
          description:
            'A staff account. A role holding a permission the caller does not is 403 naming it (`permission`): nobody gives more than they hold. API tokens are refused (403).',
          body: createUserBody,
          response: { 201: userSchema, ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await deps.users.create(request.body, currentGrantor(request))),
    );

    app.patch(
      '/api/users/:id',
      {
        config: changes,
        schema: {
          tags: ['users'],
          security: personBearer,
          description:
            "Renames the account or gives it another role (a role's key); the user's next request holds the new rights. A role holding a permission the caller does not is 403 naming it (`permission`), and so is a change of the caller's own role. A role that would leave nobody holding both user.manage and role.manage is 409. API tokens are refused (403).",
          params: idParam,
          body: updateUserBody,
          response: { 200: userSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deps.users.update(request.params.id, request.body, currentGrantor(request)),
    );

    app.delete(
      '/api/users/:id',
      {
        config: changes,
        schema: {
          tags: ['users'],
          security: personBearer,
          description:
            'Deletes a staff account and revokes the API tokens it made. Yourself, or the last holder of both user.manage and role.manage, is 409. API tokens are refused (403).',
          params: idParam,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deps.users.remove(currentPerson(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
