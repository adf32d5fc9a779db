import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  meSchema,
  passwordChangedResponse,
  updateProfileBody,
  userSchema,
} from '#domain/users';
import { type Authenticate, currentPerson } from '../../auth/hooks';
import type { PasswordChangeThrottle } from '../../auth/throttles';
import type { TokenService } from '../../auth/tokens';
import { errors, personBearer } from '../../http/schemas';
import type { UsersService } from '../users';

export type MeRoutesDeps = {
  users: UsersService;
  tokens: TokenService;
  authenticate: Authenticate;
  passwordThrottle: PasswordChangeThrottle;
};

/** The signed-in user's own profile and password. */
export const meRoutes =
  (deps: MeRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', deps.authenticate);

    app.get(
      '/api/me',
      {
        config: { permission: 'signed-in' },
        schema: {
          tags: ['me'],
          security: personBearer,
          description: "The signed-in user, its role's name and the permission codes it holds now.",
          response: { 200: meSchema, ...errors(401) },
        },
      },
      async (request) => deps.users.me(currentPerson(request).id),
    );

    app.put(
      '/api/me',
      {
        config: { permission: 'signed-in' },
        schema: {
          tags: ['me'],
          security: personBearer,
          body: updateProfileBody,
          response: { 200: userSchema, ...errors(400, 401, 409) },
        },
      },
      async (request) => deps.users.updateProfile(currentPerson(request).id, request.body),
    );

    app.put(
      '/api/me/password',
      {
        config: { permission: 'signed-in' },
        schema: {
          tags: ['me'],
          summary: 'Change the password; older tokens stop working and a fresh one is returned',
          security: personBearer,
          body: changePasswordBody,
          response: { 200: passwordChangedResponse, ...errors(400, 401, 429) },
        },
      },
      async (request) => {
        const { current_password, new_password } = request.body;
        const { id } = currentPerson(request);
        const attempt = await deps.passwordThrottle.begin(id);
        const row = await deps.users.changePassword(id, current_password, new_password);
        await attempt.succeeded();
        return { token: await deps.tokens.issue({ userId: row.id, tokenVersion: row.token_version }) };
      },
    );
  };
