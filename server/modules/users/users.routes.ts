import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '#domain/paging';
import { createUserBody, updateUserBody, userListQuery, userListResponse, userSchema } from '#domain/users';
import { type Authenticate, currentUser } from '../../auth/hooks';
import { bearer, errors } from '../../http/schemas';
import type { UsersService } from './users.service';

export type UsersRoutesDeps = {
  users: UsersService;
  authenticate: Authenticate;
};

/** Staff accounts: for holders of user.manage; anyone else gets 403. */
export const usersRoutes =
  (deps: UsersRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);

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
        config: { permission: 'user.manage' },
        schema: {
          tags: ['users'],
          security: bearer,
          body: createUserBody,
          response: { 201: userSchema, ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) => reply.code(201).send(await deps.users.create(request.body)),
    );

    app.patch(
      '/api/users/:id',
      {
        config: { permission: 'user.manage' },
        schema: {
          tags: ['users'],
          security: bearer,
          description:
            "Renames the account or gives it another role (a role's key); the user's next request holds the new rights. A role that would leave nobody holding both user.manage and role.manage is 409.",
          params: idParam,
          body: updateUserBody,
          response: { 200: userSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deps.users.update(request.params.id, request.body),
    );

    app.delete(
      '/api/users/:id',
      {
        config: { permission: 'user.manage' },
        schema: {
          tags: ['users'],
          security: bearer,
          params: idParam,
          response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deps.users.remove(currentUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
