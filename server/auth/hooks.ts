import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#domain/constants';
import { API_ERROR } from '#domain/messages';
import {
  isPermissionCode,
  PERMISSION_TEXT,
  type PermissionCode,
  type RoutePermission,
} from '#domain/permissions';
import { AppError } from '../errors/app-error';
import { requireRights } from './rights';
import type { SessionsService } from './sessions.service';
import type { TokenClaims, TokenService } from './tokens';

export type AuthUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  roleName: string;
  /** The role's permission codes as read with the user row on this request. */
  permissions: ReadonlySet<PermissionCode>;
};

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
    /** The verified claims of the request's token (sign-out revokes by its id). */
    tokenClaims?: TokenClaims;
  }
  interface FastifyContextConfig {
    /**
     * What a staff route needs, declared next to its schema: a permission code, several (all
     * needed), or 'signed-in' for any staff member. `authenticate` enforces it; a test fails
     * when a staff route declares nothing.
     */
    permission?: RoutePermission;
  }
}

/**
 * The onRequest hook of every staff route, so an anonymous caller learns nothing about validation.
 * The user is read on each request, so a deleted user, a token from before a password change or
 * "sign out everywhere", or a signed-out token is refused on the very next call. The role's
 * permissions are read in the same statement, so the route's declared permission is checked
 * against the rights the user holds now, not when the token was issued.
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
    const user: AuthUser = {
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      roleName: row.role_name,
      permissions: new Set(row.permissions.filter(isPermissionCode)),
    };
    request.authUser = user;
    request.tokenClaims = claims;
    const declared = request.routeOptions.config.permission;
    // A staff route that declares nothing is refused rather than open (and a test names it).
    if (declared === undefined) throw new AppError(403, PERMISSION_TEXT.undeclared);
    if (declared !== 'signed-in') requireRights(user.permissions, [declared].flat());
  };
}

/** The signed-in user; only called after authenticate has run. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.authUser) throw new AppError(401, API_ERROR.unauthenticated);
  return request.authUser;
};
