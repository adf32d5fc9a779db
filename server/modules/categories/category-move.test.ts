import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '#domain/messages';
import { MIGRATIONS_DIR } from '../../paths';
import { createTestContext, type TestContext } from '../../test/harness';
import { swappedOrders } from './tree';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Move Editor', email: 'move-editor@example.com' })).token;
});
afterAll(() => ctx.close());

type Cat = { id: number; name: string; parent_id: number | null; sort_order: number; updated_at: string };

const create = async (payload: object): Promise<Cat> => {
  const res = await ctx.as(token).post('/api/categories', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const move = (id: number, direction: string) =>
  ctx.as(token).post(`/api/categories/${id}/move`, { direction });
/** The children of a parent (null: the roots) as stored, in the list's order: [name, sort_order]. */
const children = async (parentId: number | null) =>
  (
    await ctx.database.pool.query<{ name: string; sort_order: number }>(
      `select name, sort_order from categories where parent_id is not distinct from $1
       order by sort_order, id`,
      [parentId],
    )
  ).rows.map((r) => [r.name, r.sort_order]);
const setOrder = (id: number, sortOrder: number) =>
  ctx.database.pool.query('update categories set sort_order = $2 where id = $1', [id, sortOrder]);

describe('a new category without a sort order', () => {
  it('comes after the last child of its own parent', async () => {
    const shelf = await create({ name: 'Shelf' });
    const a = await create({ name: 'Shelf A', parent_id: shelf.id });
    const b = await create({ name: 'Shelf B', parent_id: shelf.id, sort_order: 7 });
    const c = await create({ name: 'Shelf C', parent_id: shelf.id });
    expect([a.sort_order, b.sort_order, c.sort_order]).toEqual([0, 7, 8]);
    // Another parent's numbers do not count.
    const other = await create({ name: 'Other Shelf' });
    expect((await create({ name: 'Other A', parent_id: other.id })).sort_order).toBe(0);
    // An explicit value is kept as it is.
    expect((await create({ name: 'Shelf Z', parent_id: shelf.id, sort_order: 0 })).sort_order).toBe(0);
  });
});

describe('move', () => {
  it('swaps with the neighbour among its siblings and leaves other parents untouched', async () => {
    const lamps = await create({ name: 'Lighting' });
    const desk = await create({ name: 'Desk Lamps', parent_id: lamps.id, sort_order: 10 });
    const floor = await create({ name: 'Floor Lamps', parent_id: lamps.id, sort_order: 20 });
    const wall = await create({ name: 'Wall Lamps', parent_id: lamps.id, sort_order: 30 });
    const chairs = await create({ name: 'Seating' });
    await create({ name: 'Stools', parent_id: chairs.id, sort_order: 15 });
    await create({ name: 'Sofas', parent_id: chairs.id, sort_order: 25 });
    const roots = await children(null);
    const seating = await children(chairs.id);

    const up = await move(wall.id, 'up');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ id: wall.id, sort_order: 20 });
    expect(await children(lamps.id)).toEqual([
      ['Desk Lamps', 10],
      ['Wall Lamps', 20],
      ['Floor Lamps', 30],
    ]);

    expect((await move(desk.id, 'down')).statusCode).toBe(200);
    expect(await children(lamps.id)).toEqual([
      ['Wall Lamps', 10],
      ['Desk Lamps', 20],
      ['Floor Lamps', 30],
    ]);
    // Stools (15) sits between Lighting's numbers but belongs to another parent: untouched.
    expect(await children(chairs.id)).toEqual(seating);
    expect(await children(null)).toEqual(roots);
    expect(floor.sort_order).toBe(20);
  });

  it('answers 409 at the edges and changes nothing', async () => {
    const parent = await create({ name: 'Edges' });
    const first = await create({ name: 'Edge First', parent_id: parent.id });
    const last = await create({ name: 'Edge Last', parent_id: parent.id });
    const before = await children(parent.id);

    const top = await move(first.id, 'up');
    expect(top.statusCode).toBe(409);
    expect(top.json().error).toBe(API_ERROR.categoryFirst);
    const bottom = await move(last.id, 'down');
    expect(bottom.statusCode).toBe(409);
    expect(bottom.json().error).toBe(API_ERROR.categoryLast);
    // An only child is both first and last.
    const only = await create({ name: 'Only Child', parent_id: first.id });
    expect((await move(only.id, 'up')).statusCode).toBe(409);
    expect((await move(only.id, 'down')).statusCode).toBe(409);
    expect(await children(parent.id)).toEqual(before);
  });

  it('cannot leave a tie: tied siblings are numbered in their order first', async () => {
    const parent = await create({ name: 'Ties' });
    const a = await create({ name: 'Tie A', parent_id: parent.id });
    const b = await create({ name: 'Tie B', parent_id: parent.id });
    const c = await create({ name: 'Tie C', parent_id: parent.id });
    // A PUT and the reorder route still set any value, so ties can come back.
    await setOrder(a.id, 2);
    await setOrder(b.id, 2);
    await setOrder(c.id, 2);

    expect((await move(b.id, 'down')).statusCode).toBe(200);
    expect(await children(parent.id)).toEqual([
      ['Tie A', 0],
      ['Tie C', 1],
      ['Tie B', 2],
    ]);
    expect((await move(b.id, 'up')).statusCode).toBe(200);
    expect((await move(b.id, 'up')).statusCode).toBe(200);
    expect(await children(parent.id)).toEqual([
      ['Tie B', 0],
      ['Tie A', 1],
      ['Tie C', 2],
    ]);
  });

  it('refuses a bad direction with 400 and an unknown category with 404', async () => {
    const res = await move(1, 'sideways');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('direction');
    expect((await ctx.as(token).post('/api/categories/1/move', {})).statusCode).toBe(400);
    expect((await move(999_999, 'up')).statusCode).toBe(404);
  });
});

describe('swappedOrders', () => {
  it('trades two values, or numbers tied ones 0..n-1 first', () => {
    expect(swappedOrders([1, 5, 9], 2, 1)).toEqual([1, 9, 5]);
    expect(swappedOrders([2, 2, 3], 0, 1)).toEqual([1, 0, 2]);
  });
});

describe('migration 0025', () => {
  it("numbers each tied parent's children 0..n-1 in their order and leaves the others", async () => {
    const tied = await create({ name: 'Mig Tied' });
    const x = await create({ name: 'Mig X', parent_id: tied.id });
    const y = await create({ name: 'Mig Y', parent_id: tied.id });
    const z = await create({ name: 'Mig Z', parent_id: tied.id });
    await setOrder(x.id, 5);
    await setOrder(y.id, 2);
    await setOrder(z.id, 2);
    const clean = await create({ name: 'Mig Clean' });
    const p = await create({ name: 'Mig P', parent_id: clean.id, sort_order: 10 });
    await create({ name: 'Mig Q', parent_id: clean.id, sort_order: 20 });
    const file = path.join(MIGRATIONS_DIR, '0025_category_sibling_order.sql');
    await ctx.database.pool.query(readFileSync(file, 'utf8'));
    expect(await children(tied.id)).toEqual([
      ['Mig Y', 0],
      ['Mig Z', 1],
      ['Mig X', 2],
    ]);
    expect(await children(clean.id)).toEqual([
      ['Mig P', 10],
      ['Mig Q', 20],
    ]);
    expect(p.sort_order).toBe(10);
  });
});
