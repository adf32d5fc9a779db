import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  API_TOKEN_BYTES,
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  API_TOKEN_TEXT,
  type ApiTokenListResponse,
  type ApiTokenRecord,
  type CreatedApiToken,
  type createApiTokenBody,
} from '#domain/api-tokens';
import { firstNotHeld, isPermissionCode, type PermissionCode, permissionLabel } from '#domain/permissions';
import type { Rights } from '../../auth/rights';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { apiTokens, roles, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors/app-error';

/**
 * The stored form of a secret. One SHA-256 is enough: the secret is 256 random bits, so there is
 * no dictionary to try and a slow hash would only slow every request (ADR 0019).
 */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const newSecret = () => API_TOKEN_PREFIX + randomBytes(API_TOKEN_BYTES).toString('base64url');

/**
 * A live token as a request sees it: its role's permissions, narrowed to those its creator's
 * role holds now, read with it as a user's are.
 */
export type TokenCaller = {
  id: number;
  name: string;
  /** The name of the user who made it; null once that user is deleted. */
  owner: string | null;
  role: string;
  roleName: string;
  permissions: ReadonlySet<PermissionCode>;
};

/** Who creates a token: a person, whose rights bound the token's. */
type Creator = { id: number; permissions: Rights };

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  role: apiTokens.role,
  role_name: roles.name,
  created_by_id: apiTokens.created_by,
  created_by_name: users.name,
  created_at: apiTokens.created_at,
  expires_at: apiTokens.expires_at,
  last_used_at: apiTokens.last_used_at,
  last_used_ip: apiTokens.last_used_ip,
  expired: sql<boolean>`coalesce(${apiTokens.expires_at} <= now(), false)`,
};
type ListedRow = {
  id: number;
  name: string;
  role: string;
  role_name: string;
  created_by_id: number | null;
  created_by_name: string | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
  expired: boolean;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toRecord = (r: ListedRow): ApiTokenRecord => ({
  id: r.id,
  name: r.name,
  role: r.role,
  role_name: r.role_name,
  created_by:
    r.created_by_id !== null && r.created_by_name !== null
      ? { id: r.created_by_id, name: r.created_by_name }
      : null,
  created_at: r.created_at.toISOString(),
  expires_at: iso(r.expires_at),
  last_used_at: iso(r.last_used_at),
  last_used_ip: r.last_used_ip,
  expired: Boolean(r.expired),
});

/** The role of a token's creator, beside the token's own role in one statement. */
const creatorRoles = alias(roles, 'creator_roles');

export function createApiTokensService(db: Db) {
  /**
   * When each token's use was last written by this process. With the conditional update below,
   * a token in steady use costs one write a minute per process, not one per request.
   */
  const lastWritten = new Map<number, number>();

  const selectListed = () =>
    db
      .select(listed)
      .from(apiTokens)
      .innerJoin(roles, eq(roles.key, apiTokens.role))
      .leftJoin(users, eq(users.id, apiTokens.created_by));

  return {
    /** Live (unrevoked) tokens, newest first, and the roles the caller may give a new one. */
    async list(rights: Rights): Promise<ApiTokenListResponse> {
      const rows = await selectListed()
        .where(isNull(apiTokens.revoked_at))
        .orderBy(desc(apiTokens.created_at), desc(apiTokens.id));
      const allRoles = await db
        .select({
          key: roles.key,
          name: roles.name,
          permissions: roles.permissions,
          built_in: roles.built_in,
        })
        .from(roles)
        .orderBy(desc(roles.built_in), roles.id);
      return {
        data: rows.map(toRecord),
        roles: allRoles
          .filter((r) => firstNotHeld(r.permissions, rights) === undefined)
          .map(({ key, name }) => ({ key, name })),
      };
    },

    /**
     * A new token and its secret, the only time the secret exists outside the caller's hands.
     * Its role may not hold a right the creator lacks: settings.manage must not be a way to
     * mint an Admin credential.
     */
    async create(body: z.output<typeof createApiTokenBody>, creator: Creator): Promise<CreatedApiToken> {
      const [role] = await db.select().from(roles).where(eq(roles.key, body.role));
      if (!role) throw badRequest(API_TOKEN_TEXT.unknownRole, { role: API_TOKEN_TEXT.unknownRole });
      const missing = firstNotHeld(role.permissions, creator.permissions);
      if (missing) {
        const message = API_TOKEN_TEXT.roleAboveCaller(permissionLabel(missing));
        throw new AppError(403, message, { role: message }, undefined, missing);
      }
      if (body.expires_at && body.expires_at.getTime() <= Date.now())
        throw badRequest(API_TOKEN_TEXT.expiryPast, { expires_at: API_TOKEN_TEXT.expiryPast });
      const secret = newSecret();
      const id = await db
        .insert(apiTokens)
        .values({
          name: body.name,
          role: role.key,
          token_hash: hashSecret(secret),
          created_by: creator.id,
          expires_at: body.expires_at,
        })
        .returning({ id: apiTokens.id })
        .then(([row]) => row.id)
        .catch((err: unknown) => {
          // The role was deleted since it was read.
          if (isForeignKeyViolation(err))
            throw badRequest(API_TOKEN_TEXT.unknownRole, { role: API_TOKEN_TEXT.unknownRole });
          throw err;
        });
      const [row] = await selectListed().where(eq(apiTokens.id, id));
      return { ...toRecord(row), secret };
    },

    /** Revokes a live token at once; a revoked or unknown one is 404. */
    async revoke(id: number): Promise<void> {
      const done = await db
        .update(apiTokens)
        .set({ revoked_at: sql`now()` })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revoked_at)))
        .returning({ id: apiTokens.id });
      if (done.length === 0) throw notFound(API_TOKEN_TEXT.notFound);
      lastWritten.delete(id);
    },

    /**
     * The live token with this secret, or the 401 that says why not. Read on every request with
     * its role and its creator's role, so a revocation, an expiry, a change to either role or to
     * the creator's role holds from the next request: a token holds what both roles hold. A token
     * whose creator is gone is revoked with the account; one left without (from before that)
     * is refused as revoked.
     */
    async authenticate(secret: string): Promise<TokenCaller> {
      const [row] = await db
        .select({
          id: apiTokens.id,
          name: apiTokens.name,
          role: apiTokens.role,
          role_name: roles.name,
          permissions: roles.permissions,
          owner: users.name,
          creator_permissions: creatorRoles.permissions,
          live: sql<boolean>`${apiTokens.revoked_at} is null and ${users.id} is not null and coalesce(${apiTokens.expires_at} > now(), true)`,
        })
        .from(apiTokens)
        .innerJoin(roles, eq(roles.key, apiTokens.role))
        .leftJoin(users, eq(users.id, apiTokens.created_by))
        .leftJoin(creatorRoles, eq(creatorRoles.key, users.role))
        .where(eq(apiTokens.token_hash, hashSecret(secret)));
      if (!row) throw new AppError(401, API_TOKEN_TEXT.unknownToken);
      if (!row.live) throw new AppError(401, API_TOKEN_TEXT.revokedOrExpired);
      const creator = new Set(row.creator_permissions ?? []);
      return {
        id: row.id,
        name: row.name,
        owner: row.owner,
        role: row.role,
        roleName: row.role_name,
        permissions: new Set(row.permissions.filter(isPermissionCode).filter((code) => creator.has(code))),
      };
    },

    /** Records when and from where a token was used, at most once a minute per token. */
    async touch(id: number, address: string): Promise<void> {
      const now = Date.now();
      const last = lastWritten.get(id);
      if (last !== undefined && now - last < API_TOKEN_LIMITS.lastUsedEveryMs) return;
      lastWritten.set(id, now);
      await db
        .update(apiTokens)
        .set({ last_used_at: sql`now()`, last_used_ip: address })
        .where(
          and(
            eq(apiTokens.id, id),
            sql`(${apiTokens.last_used_at} is null or ${apiTokens.last_used_at} < now() - make_interval(secs => ${API_TOKEN_LIMITS.lastUsedEveryMs / 1000}))`,
          ),
        );
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
