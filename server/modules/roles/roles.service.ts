import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { ADMIN_RIGHTS, PERMISSION_TEXT, type PermissionCode } from '#domain/permissions';
import { type CreateRoleBody, ROLE_TEXT, type RoleRecord, roleKeyFromName } from '#domain/roles';
import { type Grantor, type Rights, requireHeld } from '../../auth/rights';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { apiTokens, roles, users } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error';

type RoleRow = typeof roles.$inferSelect;

const toRole = (row: RoleRow, holders: number): RoleRecord => ({
  key: row.key,
  name: row.name,
  permissions: row.permissions as PermissionCode[],
  built_in: row.built_in,
  users: holders,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const holdsAdminRights = (permissions: readonly string[]) =>
  ADMIN_RIGHTS.every((code) => permissions.includes(code));

/**
 * Someone must keep both user.manage and role.manage, or nobody could manage the team again.
 * Run inside the changing transaction after its write, with the roles and users locked first
 * (`lockTeam`), so two admins demoting each other at once cannot leave nobody.
 */
export async function assertSomeoneManages(tx: Tx): Promise<void> {
  const { rows } = await tx.execute(
    sql`select 1 from users u join roles r on r.key = u.role
        where r.permissions @> ${`{${ADMIN_RIGHTS.join(',')}}`}::text[] limit 1`,
  );
  if (rows.length === 0) throw conflict(ROLE_TEXT.lastAdmin);
}

/** Serialises every change to who holds which rights (roles, users' roles, user deletes). */
export async function lockTeam(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table roles in share row exclusive mode`);
}

/**
 * A role the caller may give a user: it must exist (400) and hold no right the caller lacks
 * (403 naming it). A role change reads it in its transaction, after `lockTeam`, so what is
 * checked is what is given.
 */
export async function requireGrantable(tx: Db | Tx, rights: Rights, key: string): Promise<void> {
  const [row] = await tx.select({ permissions: roles.permissions }).from(roles).where(eq(roles.key, key));
  if (!row) throw badRequest(ROLE_TEXT.unknownRole, { role: ROLE_TEXT.unknownRole });
  requireHeld(rights, row.permissions, PERMISSION_TEXT.beyondOwn, 'role');
}

/** Turns the unique-name violation into the 409 the screen shows under the name. */
async function withNameUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'roles_name_key') || isUniqueViolation(err, 'roles_key_key'))
      throw conflict(ROLE_TEXT.roleNameTaken, { name: ROLE_TEXT.roleNameTaken });
    throw err;
  }
}

/**
 * Roles: named sets of permission codes. The built-in four are fixed rows (migration 0038);
 * admins create, rename, change and delete their own. Every write goes through the change log's
 * triggers (entity `role`), with the request's user as the actor.
 */
export function createRolesService(db: Db) {
  async function holders(tx: Db | Tx, key: string): Promise<number> {
    const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.role, key));
    return n;
  }

  /** API tokens not revoked (expired ones included: they hold the role until revoked). */
  async function tokenHolders(tx: Tx, key: string): Promise<number> {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.role, key), isNull(apiTokens.revoked_at)));
    return n;
  }

  async function lockedRow(tx: Tx, key: string): Promise<RoleRow> {
    const [row] = await tx.select().from(roles).where(eq(roles.key, key)).for('update');
    if (!row) throw notFound(ROLE_TEXT.roleNotFound);
    return row;
  }

  return {
    async list(): Promise<RoleRecord[]> {
      const rows = await db
        .select({
          role: roles,
          holders: sql<number>`(select count(*)::int from users u where u.role = ${roles.key})`,
        })
        .from(roles)
        .orderBy(sql`not ${roles.built_in}`, asc(roles.id));
      return rows.map((r) => toRole(r.role, r.holders));
    },

    async get(key: string): Promise<RoleRecord> {
      const [row] = await db.select().from(roles).where(eq(roles.key, key));
      if (!row) throw notFound(ROLE_TEXT.roleNotFound);
      return toRole(row, await holders(db, key));
    },

    /** Whether a role with this key exists (a user's new role must). */
    async exists(tx: Db | Tx, key: string): Promise<boolean> {
      const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.key, key)).for('key share');
      return Boolean(row);
    },

    /** A custom role, holding only rights its creator holds. */
    async create(
      input: CreateRoleBody & { permissions: PermissionCode[] },
      by: Grantor,
    ): Promise<RoleRecord> {
      const key = roleKeyFromName(input.name);
      if (!key) throw badRequest(ROLE_TEXT.keyFromName, { name: ROLE_TEXT.keyFromName });
      requireHeld(by.rights, input.permissions, PERMISSION_TEXT.beyondOwn, 'permissions');
      return withNameUnique(async () => {
        const [row] = await db
          .insert(roles)
          .values({ key, name: input.name, permissions: input.permissions, built_in: false })
          .returning();
        return toRole(row, 0);
      });
    },

    /**
     * Renames a custom role or replaces its permissions. The caller must hold every right the
     * role holds, before and after, and may not change the role they hold themselves.
     */
    async update(
      key: string,
      input: { name?: string; permissions?: PermissionCode[] },
      by: Grantor,
    ): Promise<RoleRecord> {
      return withNameUnique(() =>
        db.transaction(async (tx) => {
          await lockTeam(tx);
          const row = await lockedRow(tx, key);
          if (row.built_in) throw conflict(ROLE_TEXT.builtInFixed);
          if (by.role === key)
            throw new AppError(403, PERMISSION_TEXT.ownRoleEdit, undefined, undefined, 'role.manage');
          requireHeld(by.rights, row.permissions, PERMISSION_TEXT.roleAboveOwn);
          if (input.permissions !== undefined)
            requireHeld(by.rights, input.permissions, PERMISSION_TEXT.beyondOwn, 'permissions');
          const [updated] = await tx
            .update(roles)
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.permissions !== undefined ? { permissions: input.permissions } : {}),
              updated_at: sql`now()`,
            })
            .where(eq(roles.key, key))
            .returning();
          if (holdsAdminRights(row.permissions) && !holdsAdminRights(updated.permissions))
            await assertSomeoneManages(tx);
          return toRole(updated, await holders(tx, key));
        }),
      );
    },

    /**
     * Refuses a built-in role, and one still held by users or live API tokens (409 naming how
     * many), and one holding a right the caller lacks (403). Revoked tokens of the role can never
     * be used again and go with it.
     */
    async remove(key: string, by: Grantor): Promise<void> {
      await db.transaction(async (tx) => {
        await lockTeam(tx);
        const row = await lockedRow(tx, key);
        if (row.built_in) throw conflict(ROLE_TEXT.builtInFixed);
        requireHeld(by.rights, row.permissions, PERMISSION_TEXT.roleAboveOwn);
        const n = await holders(tx, key);
        const tokens = await tokenHolders(tx, key);
        if (n > 0 || tokens > 0)
          throw new AppError(409, ROLE_TEXT.roleHeld(n, tokens), {
            users: String(n),
            tokens: String(tokens),
          });
        await tx.delete(apiTokens).where(eq(apiTokens.role, key));
        await tx.delete(roles).where(eq(roles.key, key));
      });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
