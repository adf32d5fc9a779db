import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { PRODUCT_MESSAGES } from '#domain/products';
import {
  type LayoutBlock,
  type ListInput,
  SECTION_MESSAGES,
  type SpecGroupInput,
  type TableInput,
} from '#domain/sections';
import type { Db, Tx } from '../../db/client';
import {
  layoutBlocks,
  productListItems,
  productLists,
  productSpecGroups,
  productSpecs,
  products,
  productTables,
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
 * Content sections and the layout that orders them. Every change locks the product row first,
 * so two quick moves or adds on one product run one after the other and positions never collide
 * or go missing.
 */
export function createSectionsService(db: Db) {
  async function lockProduct(tx: Tx, productId: number) {
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!row) throw notFound(PRODUCT_MESSAGES.productNotFound);
  }

  async function appendBlock(tx: Tx, productId: number, type: SectionType, refId: number) {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${layoutBlocks.position}) + 1, 0)::int` })
      .from(layoutBlocks)
      .where(eq(layoutBlocks.product_id, productId));
    await tx
      .insert(layoutBlocks)
      .values({ product_id: productId, block_type: type, ref_id: refId, position: next });
  }

  async function removeBlock(tx: Tx, productId: number, type: SectionType, refId: number) {
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
  function inSection<T>(
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

  async function writeItems(tx: Tx, listId: number, items: string[]) {
    await tx.delete(productListItems).where(eq(productListItems.list_id, listId));
    if (items.length)
      await tx
        .insert(productListItems)
        .values(items.map((caption, position) => ({ list_id: listId, caption, position })));
  }
  async function writeSpecs(tx: Tx, groupId: number, specs: SpecGroupInput['specs']) {
    await tx.delete(productSpecs).where(eq(productSpecs.group_id, groupId));
    if (specs.length)
      await tx
        .insert(productSpecs)
        .values(specs.map((s, position) => ({ group_id: groupId, ...s, position })));
  }
  const tableValues = (input: TableInput) => ({
    heading: input.heading,
    intro: input.intro,
    columns_json: JSON.stringify(input.columns),
    rows_json: JSON.stringify(input.rows),
    note: input.note,
  });

  async function readList(tx: Tx, id: number) {
    const [list] = await tx.select().from(productLists).where(eq(productLists.id, id));
    const items = await tx
      .select({ id: productListItems.id, caption: productListItems.caption })
      .from(productListItems)
      .where(eq(productListItems.list_id, id))
      .orderBy(asc(productListItems.position));
    return { id: list.id, title: list.title, description: list.description, items };
  }
  async function readSpecGroup(tx: Tx, id: number) {
    const [group] = await tx.select().from(productSpecGroups).where(eq(productSpecGroups.id, id));
    const specs = await tx
      .select({
        id: productSpecs.id,
        label: productSpecs.label,
        value: productSpecs.value,
        unit: productSpecs.unit,
      })
      .from(productSpecs)
      .where(eq(productSpecs.group_id, id))
      .orderBy(asc(productSpecs.position));
    return { id: group.id, name: group.name, intro: group.intro, specs };
  }
  async function readTable(tx: Tx, id: number) {
    const [{ product_id: _, ...table }] = await tx
      .select()
      .from(productTables)
      .where(eq(productTables.id, id));
    return table;
  }

  return {
    createList: (productId: number, input: ListInput) =>
      inSection(productId, null, async (tx) => {
        const [list] = await tx
          .insert(productLists)
          .values({ product_id: productId, title: input.title, description: input.description })
          .returning({ id: productLists.id });
        await writeItems(tx, list.id, input.items);
        await appendBlock(tx, productId, 'list', list.id);
        return readList(tx, list.id);
      }),
    updateList: (productId: number, listId: number, input: ListInput) =>
      inSection(productId, { table: productLists, id: listId }, async (tx) => {
        await tx
          .update(productLists)
          .set({ title: input.title, description: input.description })
          .where(eq(productLists.id, listId));
        await writeItems(tx, listId, input.items);
        return readList(tx, listId);
      }),
    deleteList: (productId: number, listId: number) =>
      inSection(productId, { table: productLists, id: listId }, async (tx) => {
        await removeBlock(tx, productId, 'list', listId);
        await tx.delete(productLists).where(eq(productLists.id, listId));
      }),

    createSpecGroup: (productId: number, input: SpecGroupInput) =>
      inSection(productId, null, async (tx) => {
        const [group] = await tx
          .insert(productSpecGroups)
          .values({ product_id: productId, name: input.name, intro: input.intro })
          .returning({ id: productSpecGroups.id });
        await writeSpecs(tx, group.id, input.specs);
        await appendBlock(tx, productId, 'spec_group', group.id);
        return readSpecGroup(tx, group.id);
      }),
    updateSpecGroup: (productId: number, groupId: number, input: SpecGroupInput) =>
      inSection(productId, { table: productSpecGroups, id: groupId }, async (tx) => {
        await tx
          .update(productSpecGroups)
          .set({ name: input.name, intro: input.intro })
          .where(eq(productSpecGroups.id, groupId));
        await writeSpecs(tx, groupId, input.specs);
        return readSpecGroup(tx, groupId);
      }),
    deleteSpecGroup: (productId: number, groupId: number) =>
      inSection(productId, { table: productSpecGroups, id: groupId }, async (tx) => {
        await removeBlock(tx, productId, 'spec_group', groupId);
        await tx.delete(productSpecGroups).where(eq(productSpecGroups.id, groupId));
      }),

    createTable: (productId: number, input: TableInput) =>
      inSection(productId, null, async (tx) => {
        const [table] = await tx
          .insert(productTables)
          .values({ product_id: productId, ...tableValues(input) })
          .returning({ id: productTables.id });
        await appendBlock(tx, productId, 'table', table.id);
        return readTable(tx, table.id);
      }),
    updateTable: (productId: number, tableId: number, input: TableInput) =>
      inSection(productId, { table: productTables, id: tableId }, async (tx) => {
        await tx.update(productTables).set(tableValues(input)).where(eq(productTables.id, tableId));
        return readTable(tx, tableId);
      }),
    deleteTable: (productId: number, tableId: number) =>
      inSection(productId, { table: productTables, id: tableId }, async (tx) => {
        await removeBlock(tx, productId, 'table', tableId);
        await tx.delete(productTables).where(eq(productTables.id, tableId));
      }),

    /**
     * Swaps a content block with its neighbour among the content blocks (basic and images blocks
     * are not shown as sections, so stepping over them would look like nothing happened).
     */
    move: (productId: number, blockId: number, direction: 'up' | 'down') =>
      inSection(productId, null, async (tx): Promise<LayoutBlock[]> => {
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
        await tx
          .update(layoutBlocks)
          .set({ position: block.position })
          .where(eq(layoutBlocks.id, neighbour.id));
        await tx
          .update(layoutBlocks)
          .set({ position: neighbour.position })
          .where(eq(layoutBlocks.id, block.id));
        return readLayout(tx, productId);
      }),

    /**
     * Puts the sections in the order given, which must name each of them exactly once, in one
     * transaction: a section dragged past several others moves at once or not at all. They take
     * the positions the sections held, so the basic and images blocks stay where they are.
     */
    order: (productId: number, ids: number[]) =>
      inSection(productId, null, async (tx): Promise<LayoutBlock[]> => {
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
      }),
  };
}

export type SectionsService = ReturnType<typeof createSectionsService>;
