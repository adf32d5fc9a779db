import { asc, eq } from 'drizzle-orm';
import type { ListInput, SpecGroupInput, TableInput } from '#domain/sections';
import type { Db, Tx } from '../../db/client';
import {
  productListItems,
  productLists,
  productSpecGroups,
  productSpecs,
  productTables,
} from '../../db/schema';
import { appendBlock, inSection, moveBlock, orderBlocks, removeBlock } from './section-layout';

/**
 * Content sections (lists, spec groups, tables) and their place in the product's layout
 * (section-layout.ts, which locks the product row for every change).
 */
export function createSectionsService(db: Db) {
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
      inSection(db, productId, null, async (tx) => {
        const [list] = await tx
          .insert(productLists)
          .values({ product_id: productId, title: input.title, description: input.description })
          .returning({ id: productLists.id });
        await writeItems(tx, list.id, input.items);
        await appendBlock(tx, productId, 'list', list.id);
        return readList(tx, list.id);
      }),
    updateList: (productId: number, listId: number, input: ListInput) =>
      inSection(db, productId, { table: productLists, id: listId }, async (tx) => {
        await tx
          .update(productLists)
          .set({ title: input.title, description: input.description })
          .where(eq(productLists.id, listId));
        await writeItems(tx, listId, input.items);
        return readList(tx, listId);
      }),
    deleteList: (productId: number, listId: number) =>
      inSection(db, productId, { table: productLists, id: listId }, async (tx) => {
        await removeBlock(tx, productId, 'list', listId);
        await tx.delete(productLists).where(eq(productLists.id, listId));
      }),

    createSpecGroup: (productId: number, input: SpecGroupInput) =>
      inSection(db, productId, null, async (tx) => {
        const [group] = await tx
          .insert(productSpecGroups)
          .values({ product_id: productId, name: input.name, intro: input.intro })
          .returning({ id: productSpecGroups.id });
        await writeSpecs(tx, group.id, input.specs);
        await appendBlock(tx, productId, 'spec_group', group.id);
        return readSpecGroup(tx, group.id);
      }),
    updateSpecGroup: (productId: number, groupId: number, input: SpecGroupInput) =>
      inSection(db, productId, { table: productSpecGroups, id: groupId }, async (tx) => {
        await tx
          .update(productSpecGroups)
          .set({ name: input.name, intro: input.intro })
          .where(eq(productSpecGroups.id, groupId));
        await writeSpecs(tx, groupId, input.specs);
        return readSpecGroup(tx, groupId);
      }),
    deleteSpecGroup: (productId: number, groupId: number) =>
      inSection(db, productId, { table: productSpecGroups, id: groupId }, async (tx) => {
        await removeBlock(tx, productId, 'spec_group', groupId);
        await tx.delete(productSpecGroups).where(eq(productSpecGroups.id, groupId));
      }),

    createTable: (productId: number, input: TableInput) =>
      inSection(db, productId, null, async (tx) => {
        const [table] = await tx
          .insert(productTables)
          .values({ product_id: productId, ...tableValues(input) })
          .returning({ id: productTables.id });
        await appendBlock(tx, productId, 'table', table.id);
        return readTable(tx, table.id);
      }),
    updateTable: (productId: number, tableId: number, input: TableInput) =>
      inSection(db, productId, { table: productTables, id: tableId }, async (tx) => {
        await tx.update(productTables).set(tableValues(input)).where(eq(productTables.id, tableId));
        return readTable(tx, tableId);
      }),
    deleteTable: (productId: number, tableId: number) =>
      inSection(db, productId, { table: productTables, id: tableId }, async (tx) => {
        await removeBlock(tx, productId, 'table', tableId);
        await tx.delete(productTables).where(eq(productTables.id, tableId));
      }),

    move: (productId: number, blockId: number, direction: 'up' | 'down') =>
      moveBlock(db, productId, blockId, direction),

    order: (productId: number, ids: number[]) => orderBlocks(db, productId, ids),
  };
}

export type SectionsService = ReturnType<typeof createSectionsService>;
