import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { revokedTokens, roles, users } from '../db/schema';
import type { TokenClaims } from './tokens';

export type SessionUser = typeof users.$inferSelect & { role_name: string; permissions: string[] };

/**
 * Which tokens still open a session. A token is good while its user exists, its token version is
 * the user's, and it has not been signed out. Revocations live in PostgreSQL, read in the same
 * statement as the user row, so every process refuses a signed-out token on its next request at
 * no extra round trip (ADR 0009). The role's permissions come in the same statement, so a change
 * to a role or to a user's role holds from the user's next request.
 */
export function createSessionsService(db: Db) {
  return {
    /** The token's user, or null when the user is gone or this token was signed out. */
    async findUser(claims: Pick<TokenClaims, 'userId' | 'jti'>): Promise<SessionUser | null> {
      const [row] = await db
        .select({ user: users, role_name: roles.name, permissions: roles.permissions })
        .from(users)
        .innerJoin(roles, eq(roles.key, users.role))
        .where(
          and(
            eq(users.id, claims.userId),
            notExists(
              db.select({ one: sql`1` }).from(revokedTokens).where(eq(revokedTokens.jti, claims.jti)),
            ),
          ),
        );
      return row ? { ...row.user, role_name: row.role_name, permissions: row.permissions } : null;
    },

    /** Signs out one token until its expiry; expired revocations are pruned on the way. */
    async revoke(claims: Pick<TokenClaims, 'userId' | 'jti' | 'exp'>) {
      await db.transaction(async (tx) => {
        await tx.delete(revokedTokens).where(lt(revokedTokens.expires_at, sql`now()`));
        await tx
          .insert(revokedTokens)
          .values({
            jti: claims.jti,
            user_id: claims.userId,
            expires_at: new Date(claims.exp * 1000).toISOString(),
          })
          .onConflictDoNothing();
      });
    },

    /** Ends every session of the user: tokens carry the version they were issued under. */
    async revokeAll(userId: number) {
      await db
        .update(users)
        .set({ token_version: sql`${users.token_version} + 1` })
        .where(eq(users.id, userId));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
