import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_TEXT, BUYER_TOKEN_PREFIX } from '#domain/account';
import { API_TOKEN_TEXT, isApiTokenSecret } from '#domain/api-tokens';
import type { Role } from '#domain/constants';
import { API_ERROR } from '#domain/messages';
import {
  isPermissionCode,
  PERMISSION_TEXT,
  type PermissionCode,
  type RoutePermission,
} from '#domain/permissions';
import { AppError } from '../errors/app-error';
import type { CounterStore } from '../limits/counters';
import { tooManyRequests } from '../limits/throttle';
import type { ApiTokensService } from '../modules/api-tokens/api-tokens.service';
import { type Grantor, requireRights } from './rights';
import type { SessionsService } from './sessions.service';
import type { TokenClaims, TokenService } from './tokens';

export type AuthUser = {
  /** The person; null for a program calling with an API token. */
  id: number | null;
  name: string;
  email: string;
  role: Role;
  roleName: string;
  /** The role's permission codes as read with the user row on this request. */
  permissions: ReadonlySet<PermissionCode>;
  /** The API token the request was made with: its rights are its role's, its author the token. */
  token?: { id: number; name: string };
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
    /**
     * A route for people only: API tokens are refused (403) even when their role has the
     * permission. Routes open to any signed-in person ('signed-in') are people-only too.
     */
    peopleOnly?: boolean;
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

/** How API tokens are checked on a staff route (ADR 0019). */
export type TokenAuth = {
  apiTokens: ApiTokensService;
  counters: CounterStore;
  /** Requests per token per minute. */
  ratePerMinute: number;
};

const RATE_WINDOW_MS = 60_000;

export function createAuthenticate(
  tokens: TokenService,
  sessions: SessionsService,
  tokenAuth: TokenAuth,
): Authenticate {
  /** A program's request: the token must be live and within its rate, then it has its role's rights. */
  async function authenticateToken(request: FastifyRequest, secret: string): Promise<AuthUser> {
    const token = await tokenAuth.apiTokens.authenticate(secret);
    const taken = await tokenAuth.counters.take(
      [{ key: `api-token:${token.id}`, max: tokenAuth.ratePerMinute }],
      RATE_WINDOW_MS,
    );
    if (!taken.allowed) throw tooManyRequests(API_TOKEN_TEXT.tooMany, taken.retryAfterMs);
    await tokenAuth.apiTokens.touch(token.id, request.ip);
    return {
      id: null,
      name: API_TOKEN_TEXT.actor(token.name, token.owner),
      email: '',
      role: token.role,
      roleName: token.roleName,
      permissions: token.permissions,
      token: { id: token.id, name: token.name },
    };
  }

  /** A person's request: a valid sign-in token whose user still exists under its version. */
  async function authenticatePerson(request: FastifyRequest, jwt: string): Promise<AuthUser> {
    const claims = await tokens.verify(jwt);
    if (!claims) throw new AppError(401, API_ERROR.sessionExpired);
    // Only "no such user" means the token is dead; a database failure must not sign anyone out.
    const row = await sessions.findUser(claims);
    if (!row || row.token_version !== claims.tokenVersion) throw new AppError(401, API_ERROR.sessionExpired);
    request.tokenClaims = claims;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      roleName: row.role_name,
      permissions: new Set(row.permissions.filter(isPermissionCode)),
    };
  }

  return async function authenticate(request, _reply) {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
    if (!match) throw new AppError(401, API_ERROR.unauthenticated);
    // A buyer's portal session opens the portal only (ADR 0023): refused here before any lookup.
    if (match[1].startsWith(BUYER_TOKEN_PREFIX)) throw new AppError(401, ACCOUNT_TEXT.buyerTokenRefused);
    const user = isApiTokenSecret(match[1])
      ? await authenticateToken(request, match[1])
      : await authenticatePerson(request, match[1]);
    request.authUser = user;
    const { permission: declared, peopleOnly } = request.routeOptions.config;
    // A staff route that declares nothing is refused rather than open (and a test names it).
    if (declared === undefined) throw new AppError(403, PERMISSION_TEXT.undeclared);
    if (user.token && (peopleOnly || declared === 'signed-in'))
      throw new AppError(403, API_TOKEN_TEXT.peopleOnly);
    if (declared !== 'signed-in') requireRights(user.permissions, [declared].flat());
  };
}

/** The signed-in user; only called after authenticate has run. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.authUser) throw new AppError(401, API_ERROR.unauthenticated);
  return request.authUser;
};

/** The signed-in person, on a route an API token cannot reach (peopleOnly or 'signed-in'). */
export const currentPerson = (request: FastifyRequest): AuthUser & { id: number } => {
  const user = currentUser(request);
  if (user.id === null) throw new AppError(403, API_TOKEN_TEXT.peopleOnly);
  return { ...user, id: user.id };
};

/** The signed-in person as the one who changes who holds which rights (people-only routes). */
export const currentGrantor = (request: FastifyRequest): Grantor => {
  const person = currentPerson(request);
  return { id: person.id, role: person.role, rights: person.permissions };
};
