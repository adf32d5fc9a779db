import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * The entities a restore brings back (the catalogue's from the trash, or a past version of any),
 * with their own tables.
 */
export const ENTITY_TABLES = {
  product: 'products',
  category: 'categories',
  brand: 'brands',
  discount: 'discounts',
  customer: 'customers',
  company: 'companies',
} as const;
export type RestorableType = keyof typeof ENTITY_TABLES;

/**
 * Whether a row a restored field points at is there, held against a delete (`for key share`)
 * until the restore commits. A missing reference is not there.
 */
export async function rowExists(tx: Tx, table: string, id: unknown): Promise<boolean> {
  if (id === null || id === undefined) return false;
  const { rows } = await tx.execute(
    sql`select 1 from ${sql.identifier(table)} where id = ${Number(id)} for key share`,
  );
  return rows.length > 0;
}

/** Whether another row (not `exceptId`) holds a unique value a restore would put back. */
export async function valueTaken(
  tx: Tx,
  table: string,
  column: 'slug' | 'sku',
  value: unknown,
  exceptId?: number,
): Promise<boolean> {
  if (value === null || value === undefined) return false;
  const other = exceptId === undefined ? sql`` : sql` and id <> ${exceptId}`;
  const { rows } = await tx.execute(
    sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${String(value)}${other}`,
  );
  return rows.length > 0;
}
