import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiTokenListResponse, createApiTokenBody, createdApiTokenSchema } from '#domain/api-tokens';
import { idParam } from '#domain/paging';
import { noQuery } from '#domain/roles';
import { type Authenticate, currentPerson } from '../../auth/hooks';
import { deleted, errors, personBearer } from '../../http/schemas';
import type { ApiTokensService } from './api-tokens.service';

export type ApiTokensRoutesDeps = { apiTokens: ApiTokensService; authenticate: Authenticate };

/**
 * API tokens, for holders of settings.manage, and for people only: a token cannot mint or revoke
 * tokens, so a leaked one cannot make itself a successor (ADR 0019).
 */
export const apiTokensRoutes =
  (deps: ApiTokensRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);
    const tags = ['api-tokens'];
    const config = { permission: 'settings.manage', peopleOnly: true } as const;

    app.get(
      '/api/api-tokens',
      {
        config,
        schema: {
          tags,
          security: personBearer,
          description:
            'Live API tokens, newest first (revoked ones are not listed), with the roles the caller may give a new one.',
          querystring: noQuery,
          response: { 200: apiTokenListResponse, ...errors(400, 401, 403) },
        },
      },
      async (request) => deps.apiTokens.list(currentPerson(request).permissions),
    );

    app.post(
      '/api/api-tokens',
      {
        config,
        schema: {
          tags,
          security: personBearer,
          description:
            'A token with the rights of `role` until `expires_at` (null: no expiry). The answer holds `secret`, shown this once: only its hash is kept. A role with a permission the caller lacks is 403.',
          body: createApiTokenBody,
          response: { 201: createdApiTokenSchema, ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const person = currentPerson(request);
        return reply.code(201).send(await deps.apiTokens.create(request.body, person));
      },
    );

    app.delete(
      '/api/api-tokens/:id',
      {
        config,
        schema: {
          tags,
          security: personBearer,
          description: 'Revokes a token: it is refused (401) from its next request, on every process.',
          params: idParam,
          response: { ...deleted, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deps.apiTokens.revoke(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
