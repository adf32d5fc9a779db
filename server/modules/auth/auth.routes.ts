import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ERROR } from '#domain/messages';
import { loginBody, loginResponse } from '#domain/users';
import { type Authenticate, currentPerson } from '../../auth/hooks';
import type { SessionsService } from '../../auth/sessions.service';
import type { LoginThrottle } from '../../auth/throttles';
import type { TokenService } from '../../auth/tokens';
import { AppError } from '../../errors/app-error';
import { errors, personBearer } from '../../http/schemas';
import type { UsersService } from '../users';

export type AuthRoutesDeps = {
  users: UsersService;
  tokens: TokenService;
  throttle: LoginThrottle;
  sessions: SessionsService;
  authenticate: Authenticate;
};

export const authRoutes =
  (deps: AuthRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: loginBody,
          response: { 200: loginResponse, ...errors(400, 401, 429) },
        },
      },
      async (request) => {
        const { email, password } = request.body;
        // Counted before the password is checked, so a burst cannot outrun the count.
        const attempt = await deps.throttle.begin(request.ip, email);
        const row = await deps.users.authenticate(email, password);
        // One message for an unknown email and a wrong password: no account enumeration.
        if (!row) throw new AppError(401, API_ERROR.invalidCredentials);
        await attempt.succeeded();
        const token = await deps.tokens.issue({ userId: row.id, tokenVersion: row.token_version });
        return { token, user: { id: row.id, name: row.name, email: row.email, role: row.role } };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        config: { permission: 'signed-in' },
        onRequest: deps.authenticate,
        schema: {
          tags: ['auth'],
          summary: 'Sign out: this token is refused from now on, by every process',
          security: personBearer,
          response: { 204: z.null().describe('Signed out'), ...errors(401) },
        },
      },
      async (request, reply) => {
        const claims = request.tokenClaims;
        if (!claims) throw new AppError(401, API_ERROR.unauthenticated);
        await deps.sessions.revoke(claims);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/auth/logout-all',
      {
        config: { permission: 'signed-in' },
        onRequest: deps.authenticate,
        schema: {
          tags: ['auth'],
          summary: "Sign out everywhere: every one of the caller's tokens is refused, this one included",
          security: personBearer,
          response: { 204: z.null().describe('Every session ended'), ...errors(401) },
        },
      },
      async (request, reply) => {
        await deps.sessions.revokeAll(currentPerson(request).id);
        return reply.code(204).send(null);
      },
    );
  };
