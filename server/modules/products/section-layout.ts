import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { PRODUCT_MESSAGES } from '#domain/products';
import { type LayoutBlock, SECTION_MESSAGES } from '#domain/sections';
import type { Db, Tx } from '../../db/client';
import {
  layoutBlocks,
  type productLists,
  type productSpecGroups,
  products,
  type productTables,
} from '../../db/schema';
import { conflict, notFound } from '../../errors/app-error';
import { checkWholeOrder } from './whole-order';

type SectionType = 'list' | 'spec_group' | 'table';

const CONTENT_TYPES: SectionType[] = ['list', 'spec_group', 'table'];

/** A product's layout blocks in order (the bundle, GET …/layout and moves all answer with it). */
export function readLayout(executor: Pick<Db, 'select'>, productId: number): Promise<LayoutBlock[]> {
  return executor
    .select({
      id: layoutBlocks.id,
      block_type: layoutBlocks.block_type,
      ref_id: layoutBlocks.ref_id,
      position: layoutBlocks.position,
    })
    .from(layoutBlocks)
    .where(eq(layoutBlocks.product_id, productId))
    .orderBy(asc(layoutBlocks.position));
}

/**
 * Locks the product row: every change to a product's sections takes it first, so two quick
 * moves or adds on one product run one after the other and positions never collide or go missing.
 */
async function lockProduct(tx: Tx, productId: number) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!row) throw notFound(PRODUCT_MESSAGES.productNotFound);
}

export async function appendBlock(tx: Tx, productId: number, type: SectionType, refId: number) {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${layoutBlocks.position}) + 1, 0)::int` })
    .from(layoutBlocks)
    .where(eq(layoutBlocks.product_id, productId));
  await tx
    .insert(layoutBlocks)
    .values({ product_id: productId, block_type: type, ref_id: refId, position: next });
}

export async function removeBlock(tx: Tx, productId: number, type: SectionType, refId: number) {
  await tx
    .delete(layoutBlocks)
    .where(
      and(
        eq(layoutBlocks.product_id, productId),
        eq(layoutBlocks.block_type, type),
        eq(layoutBlocks.ref_id, refId),
      ),
    );
}

/** Runs a change to one section of a product, with the product locked and the section checked. */
export function inSection<T>(
  db: Db,
  productId: number,
  owner: {
    table: typeof productLists | typeof productSpecGroups | typeof productTables;
    id: number;
  } | null,
  work: (tx: Tx) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    if (owner) {
      const [row] = await tx
        .select({ id: owner.table.id })
        .from(owner.table)
        .where(and(eq(owner.table.id, owner.id), eq(owner.table.product_id, productId)));
      if (!row) throw notFound(PRODUCT_MESSAGES.sectionNotFound);
    }
    return work(tx);
  });
}

/**
 * Swaps a content block with its neighbour among the content blocks (basic and images blocks
 * are not shown as sections, so stepping over them would look like nothing happened).
 */
export const moveBlock = (db: Db, productId: number, blockId: number, direction: 'up' | 'down') =>
  inSection(db, productId, null, async (tx): Promise<LayoutBlock[]> => {
    const [block] = await tx
      .select()
      .from(layoutBlocks)
      .where(and(eq(layoutBlocks.id, blockId), eq(layoutBlocks.product_id, productId)));
    if (!block || !CONTENT_TYPES.includes(block.block_type as SectionType))
      throw notFound(PRODUCT_MESSAGES.sectionNotFound);
    const [neighbour] = await tx
      .select()
      .from(layoutBlocks)
      .where(
        and(
          eq(layoutBlocks.product_id, productId),
          inArray(layoutBlocks.block_type, CONTENT_TYPES),
          direction === 'up'
            ? lt(layoutBlocks.position, block.position)
            : gt(layoutBlocks.position, block.position),
        ),
      )
      .orderBy(direction === 'up' ? desc(layoutBlocks.position) : asc(layoutBlocks.position))
      .limit(1);
    if (!neighbour)
      throw conflict(direction === 'up' ? PRODUCT_MESSAGES.alreadyFirst : PRODUCT_MESSAGES.alreadyLast);
    // Through a free position: the unique (product, position) index is checked row by row.
    await tx.update(layoutBlocks).set({ position: -1 }).where(eq(layoutBlocks.id, block.id));
    await tx.update(layoutBlocks).set({ position: block.position }).where(eq(layoutBlocks.id, neighbour.id));
    await tx.update(layoutBlocks).set({ position: neighbour.position }).where(eq(layoutBlocks.id, block.id));
    return readLayout(tx, productId);
  });

/**
 * Puts the sections in the order given, which must name each of them exactly once, in one
 * transaction: a section dragged past several others moves at once or not at all. They take
 * the positions the sections held, so the basic and images blocks stay where they are.
 */
export const orderBlocks = (db: Db, productId: number, ids: number[]) =>
  inSection(db, productId, null, async (tx): Promise<LayoutBlock[]> => {
    const content = await tx
      .select({ id: layoutBlocks.id, position: layoutBlocks.position })
      .from(layoutBlocks)
      .where(and(eq(layoutBlocks.product_id, productId), inArray(layoutBlocks.block_type, CONTENT_TYPES)))
      .orderBy(asc(layoutBlocks.position));
    checkWholeOrder(ids, new Set(content.map((b) => b.id)), {
      notFound: PRODUCT_MESSAGES.sectionNotFound,
      duplicate: SECTION_MESSAGES.orderDuplicate,
      incomplete: SECTION_MESSAGES.orderIncomplete,
    });
    const list = (values: number[]) => `{${values.join(',')}}`;
    // Through free (negative) positions first: the unique (product, position) index is
    // checked row by row, so a direct swap of positions would collide midway.
    await tx.execute(sql`update ${layoutBlocks} set position = -1 - ${layoutBlocks.position}
      where ${layoutBlocks.id} = any(${list(ids)}::int[])`);
    await tx.execute(sql`update ${layoutBlocks} b set position = s.position
      from unnest(${list(ids)}::int[], ${list(content.map((b) => b.position))}::int[]) as s(id, position)
      where b.id = s.id`);
    return readLayout(tx, productId);
  });
