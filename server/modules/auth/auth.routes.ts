import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ERROR } from '../../../domain/messages';
import { loginBody, loginResponse } from '../../../domain/users';
import type { LoginThrottle } from '../../auth/login-throttle';
import type { TokenService } from '../../auth/tokens';
import { AppError } from '../../http/errors';
import { errors } from '../../http/schemas';
import type { UsersService } from '../users/users.service';

export type AuthRoutesDeps = { users: UsersService; tokens: TokenService; throttle: LoginThrottle };

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
        await deps.throttle.check(request.ip, email);
        const row = await deps.users.authenticate(email, password);
        if (!row) {
          await deps.throttle.recordFailure(request.ip, email);
          // One message for an unknown email and a wrong password: no account enumeration.
          throw new AppError(401, API_ERROR.invalidCredentials);
        }
        await deps.throttle.recordSuccess(email);
        const token = await deps.tokens.issue({ userId: row.id, tokenVersion: row.token_version });
        return { token, user: { id: row.id, name: row.name, email: row.email, role: row.role } };
      },
    );
  };
