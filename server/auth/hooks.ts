import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#domain/constants';
import { API_ERROR } from '#domain/messages';
import { AppError } from '../errors/app-error';
import type { SessionsService } from './sessions.service';
import type { TokenClaims, TokenService } from './tokens';

export type AuthUser = { id: number; name: string; email: string; role: Role };

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
    /** The verified claims of the request's token (sign-out revokes by its id). */
    tokenClaims?: TokenClaims;
  }
}

/**
 * The onRequest hook of every staff route, so an anonymous caller learns nothing about validation.
 * The user is read on each request, so a deleted user, a token from before a password change or
 * "sign out everywhere", or a signed-out token is refused on the very next call.
 */
export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createAuthenticate(tokens: TokenService, sessions: SessionsService): Authenticate {
  return async function authenticate(request, _reply) {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
    if (!match) throw new AppError(401, API_ERROR.unauthenticated);
    const claims = await tokens.verify(match[1]);
    if (!claims) throw new AppError(401, API_ERROR.sessionExpired);
    // Only "no such user" means the token is dead; a database failure must not sign anyone out.
    const row = await sessions.findUser(claims);
    if (!row || row.token_version !== claims.tokenVersion) throw new AppError(401, API_ERROR.sessionExpired);
    request.authUser = { id: row.id, name: row.name, email: row.email, role: row.role };
    request.tokenClaims = claims;
  };
}

export function requireRole(role: Role, message: string) {
  return async function checkRole(request: FastifyRequest) {
    if (request.authUser?.role !== role) throw new AppError(403, message);
  };
}

/** The signed-in user; only called after authenticate has run. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.authUser) throw new AppError(401, API_ERROR.unauthenticated);
  return request.authUser;
};
