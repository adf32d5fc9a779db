import { and, count, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role, UserSortKey } from '#domain/constants';
import { API_ERROR } from '#domain/messages';
import type { ListParams } from '#domain/paging';
import { PERMISSION_TEXT, type PermissionCode } from '#domain/permissions';
import { ROLE_TEXT } from '#domain/roles';
import type { Me, User } from '#domain/users';
import { hashPassword, timingSafeDummyVerify, verifyPassword } from '../../auth/password';
import type { Grantor } from '../../auth/rights';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { ownRows, pageWithTotal, type SortColumns } from '../../db/query/counting';
import { escapeLike } from '../../db/query/sql';
import { apiTokens, roles, users } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error';
import { assertSomeoneManages, lockTeam, requireGrantable } from '../roles';

type UserRow = typeof users.$inferSelect;

/** The public shape of a user: never the hash, never the token version. */
const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SORT_COLUMNS: SortColumns<UserSortKey> = {
  created_at: users.created_at,
  // Case-insensitive, and the same order on PGlite and PostgreSQL whatever their collations.
  name: sql`lower(${users.name})`,
  email: users.email,
};

export function createUsersService(db: Db) {
  async function getRow(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound(API_ERROR.userNotFound);
    return row;
  }

  /** Turns the unique-email violation into the 409 the client can show, an unknown role into a 400. */
  async function withEmailUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key'))
        throw conflict(API_ERROR.emailTaken, { email: API_ERROR.emailTaken });
      if (isForeignKeyViolation(err, 'users_role_fkey'))
        throw badRequest(ROLE_TEXT.unknownRole, { role: ROLE_TEXT.unknownRole });
      throw err;
    }
  }

  return {
    getRow,
    async get(id: number) {
      return toUser(await getRow(id));
    },

    /** The signed-in user with its role's name and the permissions it holds now. */
    async me(id: number): Promise<Me> {
      const [row] = await db
        .select({ user: users, role_name: roles.name, permissions: roles.permissions })
        .from(users)
        .innerJoin(roles, eq(roles.key, users.role))
        .where(eq(users.id, id));
      if (!row) throw notFound(API_ERROR.userNotFound);
      return {
        ...toUser(row.user),
        role_name: row.role_name,
        permissions: row.permissions as PermissionCode[],
      };
    },

    /**
     * Renames a staff account or gives it another role (which holds from its next request). A new
     * role must hold no right the caller lacks, and nobody changes their own. The team is locked,
     * so the check that someone still holds user.manage and role.manage sees every concurrent
     * change.
     */
    async update(id: number, input: { role?: string; name?: string }, by: Grantor) {
      return withEmailUnique(() =>
        db.transaction(async (tx) => {
          if (input.role !== undefined) {
            await lockTeam(tx);
            const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
            if (!target) throw notFound(API_ERROR.userNotFound);
            // The same role again changes nothing, so it is no one's to refuse.
            if (target.role !== input.role) {
              await requireGrantable(tx, by.rights, input.role);
              if (by.id === id)
                throw new AppError(
                  403,
                  PERMISSION_TEXT.ownRole,
                  { role: PERMISSION_TEXT.ownRole },
                  undefined,
                  'user.manage',
                );
            }
          }
          const [row] = await tx
            .update(users)
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.role !== undefined ? { role: input.role } : {}),
              updated_at: sql`now()`,
            })
            .where(eq(users.id, id))
            .returning();
          if (!row) throw notFound(API_ERROR.userNotFound);
          if (input.role !== undefined) await assertSomeoneManages(tx);
          return toUser(row);
        }),
      );
    },

    async count() {
      const [{ n }] = await db.select({ n: count() }).from(users);
      return n;
    },

    async list(params: ListParams<UserSortKey>) {
      const role = params.filters.role;
      const where = and(
        params.q
          ? or(
              ilike(users.name, `%${escapeLike(params.q)}%`),
              ilike(users.email, `%${escapeLike(params.q)}%`),
            )
          : undefined,
        role ? eq(users.role, role) : undefined,
      );
      const { rows, meta } = await pageWithTotal(
        db,
        { table: users, id: users.id, where, sortColumns: SORT_COLUMNS, params },
        ownRows(users),
      );
      return { data: rows.map((r) => toUser(r.row)), total: meta.total, meta };
    },

    /** A staff account with a role that holds no right its creator lacks. */
    async create(input: { name: string; email: string; password: string; role: Role }, by: Grantor) {
      // Checked before hashing, so a refused request costs no argon2 work (and holds no
      // connection through it). A role widened in between was widened by someone who may.
      await requireGrantable(db, by.rights, input.role);
      const password_hash = await hashPassword(input.password);
      return withEmailUnique(async () => {
        const [row] = await db
          .insert(users)
          .values({ name: input.name, email: input.email, role: input.role, password_hash })
          .returning();
        return toUser(row);
      });
    },

    async updateProfile(id: number, input: { name: string; email: string }) {
      return withEmailUnique(async () => {
        const [row] = await db
          .update(users)
          .set({ name: input.name, email: input.email, updated_at: sql`now()` })
          .where(eq(users.id, id))
          .returning();
        if (!row) throw notFound(API_ERROR.userNotFound);
        return toUser(row);
      });
    },

    /** Verifies the current password, stores the new one and retires every older token. */
    async changePassword(id: number, current: string, next: string) {
      const row = await getRow(id);
      if (!(await verifyPassword(row.password_hash, current))) {
        // 400, not 401: a wrong current password must not sign the user out.
        throw new AppError(400, API_ERROR.currentPasswordWrong, {
          current_password: API_ERROR.currentPasswordWrong,
        });
      }
      const password_hash = await hashPassword(next);
      const [updated] = await db
        .update(users)
        .set({ password_hash, token_version: sql`${users.token_version} + 1`, updated_at: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return updated;
    },

    /** The user whose credentials these are, or null; takes the same time either way. */
    async authenticate(email: string, password: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      if (!row) return timingSafeDummyVerify(password).then(() => null);
      return (await verifyPassword(row.password_hash, password)) ? row : null;
    },

    /**
     * Deletes a user, refusing to delete yourself or the last one holding user.manage and
     * role.manage, and revokes the API tokens they made: a token never outlives its creator's
     * rights. The team is locked for the check and the delete, so two admins deleting each other
     * at once cannot leave none. actorId: the person deleting (null for the server's own work).
     */
    async remove(actorId: number | null, id: number) {
      if (actorId === id) throw conflict(API_ERROR.cannotDeleteSelf);
      await db.transaction(async (tx) => {
        await lockTeam(tx);
        const [target] = await tx.select().from(users).where(eq(users.id, id));
        if (!target) throw notFound(API_ERROR.userNotFound);
        await tx
          .update(apiTokens)
          .set({ revoked_at: sql`now()` })
          .where(and(eq(apiTokens.created_by, id), isNull(apiTokens.revoked_at)));
        await tx
          .delete(users)
          .where(and(eq(users.id, id), actorId === null ? undefined : ne(users.id, actorId)));
        try {
          await assertSomeoneManages(tx);
        } catch {
          throw conflict(API_ERROR.cannotDeleteLastAdmin);
        }
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
