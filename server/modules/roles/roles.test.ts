import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLE_PERMISSIONS,
  BUILT_IN_ROLES,
  PERMISSION_CODES,
  withNeededPermissions,
} from '#domain/permissions';
import { ROLE_TEXT } from '#domain/roles';
import { SERVER_GRANTOR } from '../../auth/rights';
import { createProduct, userWithRole } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { upload } from '../../test/uploads';
import { createRolesService } from './roles.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
const person = (role: string) => userWithRole(ctx, role);

/** A product of our own, published with an MRP of 100 and no own discount. */
const product = async (name: string, status = 'published') =>
  (await createProduct(ctx.admin, { name, mrp: 100, status })).id;
const productBody = (over: Record<string, unknown> = {}) => ({
  name: 'Catalogue thing',
  sku: null,
  brand_id: null,
  category_id: null,
  description: '',
  pricing: { mrp: 100 },
  status: 'published',
  ...over,
});

describe('roles', () => {
  it('lists the four built-in roles with how many users hold each', async () => {
    const res = await ctx.admin.get('/api/roles');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { key: string; users: number; built_in: boolean }[];
    expect(rows.slice(0, 4).map((r) => r.key)).toEqual(['admin', 'editor', 'sales', 'viewer']);
    expect(rows.find((r) => r.key === 'admin')?.users).toBe(1);
  });

  it('refuses an unknown query field on the lists', async () => {
    expect((await ctx.admin.get('/api/roles?x=1')).statusCode).toBe(400);
    expect((await ctx.admin.get('/api/permissions?x=1')).statusCode).toBe(400);
  });

  it('lists the permission codes with labels, descriptions and areas', async () => {
    const res = await ctx.admin.get('/api/permissions');
    expect(res.statusCode).toBe(200);
    const codes = (res.json().data as { code: string; description: string }[]).map((p) => p.code);
    expect(codes).toEqual([...PERMISSION_CODES]);
  });

  it('creates a custom role with a key from its name, renames and changes it, and records each in the history', async () => {
    const created = await ctx.admin.post('/api/roles', {
      name: 'Catalogue Assistant',
      permissions: ['product.edit', 'catalogue.read', 'catalogue.read'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      key: 'catalogue-assistant',
      built_in: false,
      users: 0,
      permissions: ['catalogue.read', 'product.edit'],
    });
    expect(
      (await ctx.admin.post('/api/roles', { name: 'catalogue assistant', permissions: [] })).statusCode,
    ).toBe(409);
    expect((await ctx.admin.post('/api/roles', { name: 'X', permissions: ['root.all'] })).statusCode).toBe(
      400,
    );

    const renamed = await ctx.admin.patch('/api/roles/catalogue-assistant', {
      name: 'Copywriter',
      permissions: ['catalogue.read', 'product.edit', 'import.run'],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ key: 'catalogue-assistant', name: 'Copywriter' });

    const { rows } = await q(
      `select c.action, c.actor_id, c.changes from change_log c join roles r on r.id = c.entity_id
       where c.entity_type = 'role' and r.key = 'catalogue-assistant' order by c.id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows.every((r) => r.actor_id === 1)).toBe(true);
    expect(rows[1].changes.name).toEqual({ before: 'Catalogue Assistant', after: 'Copywriter' });
    const history = await ctx.admin.get('/api/history?entity_type=role');
    expect(history.statusCode).toBe(200);
    expect(history.json().data[0]).toMatchObject({
      entity_type: 'role',
      entity_name: 'Copywriter',
      actor_name: 'Ada Admin',
    });
  });

  it('saves a role with the permissions its permissions need', async () => {
    const created = await ctx.admin.post('/api/roles', { name: 'Pricer', permissions: ['product.price'] });
    expect(created.statusCode).toBe(201);
    expect(created.json().permissions).toEqual(['catalogue.read', 'product.edit', 'product.price']);
    const changed = await ctx.admin.patch('/api/roles/pricer', {
      permissions: ['quote.send', 'trash.purge'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().permissions).toEqual([
      'inquiry.read',
      'quote.edit',
      'quote.send',
      'history.read',
      'trash.purge',
    ]);
    const { rows } = await q(`select permissions from roles where key = 'pricer'`);
    expect(rows[0].permissions).toEqual(changed.json().permissions);
  });

  it('gives every built-in role what its permissions need', () => {
    for (const role of BUILT_IN_ROLES) {
      const held = BUILT_IN_ROLE_PERMISSIONS[role].permissions;
      expect(withNeededPermissions(held)).toEqual(PERMISSION_CODES.filter((c) => held.includes(c)));
    }
  });

  it('keeps built-in roles fixed and undeletable', async () => {
    expect((await ctx.admin.patch('/api/roles/editor', { name: 'Writer' })).statusCode).toBe(409);
    const res = await ctx.admin.delete('/api/roles/viewer');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ROLE_TEXT.builtInFixed);
    expect((await q(`select 1 from roles where key = 'viewer'`)).rowCount).toBe(1);
  });

  it('refuses to delete a role still held by users, naming how many', async () => {
    await ctx.admin.ok('POST', '/api/roles', { name: 'Packers', permissions: ['catalogue.read'] });
    await person('packers');
    await person('packers');
    const res = await ctx.admin.delete('/api/roles/packers');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ROLE_TEXT.roleHeld(2));
    await q(`delete from users where role = 'packers'`);
    expect((await ctx.admin.delete('/api/roles/packers')).statusCode).toBe(204);
    expect((await ctx.admin.delete('/api/roles/packers')).statusCode).toBe(404);
  });

  it('answers 403 with the missing permission to a role without role.manage', async () => {
    const editor = await person('editor');
    const res = await ctx.as(editor.token).post('/api/roles', { name: 'Mine', permissions: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ permission: 'role.manage' });
    expect(typeof res.json().error).toBe('string');
  });
});

describe('users and their roles', () => {
  it('changes a user role and name, and the user holds the new rights on the next request', async () => {
    const user = await person('editor');
    expect((await ctx.as(user.token).get('/api/users')).statusCode).toBe(403);
    const res = await ctx.admin.patch(`/api/users/${user.user.id}`, { role: 'admin', name: 'Promoted' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin', name: 'Promoted' });
    // The same token, no new sign-in.
    expect((await ctx.as(user.token).get('/api/users')).statusCode).toBe(200);
    const me = (await ctx.as(user.token).get('/api/me')).json();
    expect(me).toMatchObject({ role: 'admin', role_name: 'Admin' });
    expect(me.permissions).toContain('user.manage');

    await ctx.admin.patch(`/api/users/${user.user.id}`, { role: 'viewer' });
    expect((await ctx.as(user.token).get('/api/users')).statusCode).toBe(403);

    const { rows } = await q(
      `select actor_id, changes from change_log where entity_type = 'user' and entity_id = $1 and action = 'update' order by id`,
      [user.user.id],
    );
    expect(rows.map((r) => r.changes.role)).toEqual([
      { before: 'editor', after: 'admin' },
      { before: 'admin', after: 'viewer' },
    ]);
    expect(rows.every((r) => r.actor_id === 1)).toBe(true);
  });

  it('sees a change to its role on the next request', async () => {
    await ctx.admin.ok('POST', '/api/roles', { name: 'Desk', permissions: ['inquiry.read'] });
    const user = await person('desk');
    expect((await ctx.as(user.token).get('/api/products')).statusCode).toBe(403);
    await ctx.admin.patch('/api/roles/desk', { permissions: ['inquiry.read', 'catalogue.read'] });
    expect((await ctx.as(user.token).get('/api/products')).statusCode).toBe(200);
  });

  it('refuses an unknown role, and an empty change', async () => {
    const user = await person('editor');
    const res = await ctx.admin.patch(`/api/users/${user.user.id}`, { role: 'wizard' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.role).toBe(ROLE_TEXT.unknownRole);
    expect((await ctx.admin.patch(`/api/users/${user.user.id}`, {})).statusCode).toBe(400);
    expect(
      (
        await ctx.admin.post('/api/users', {
          name: 'N',
          email: 'n@example.com',
          password: 'secret-1',
          role: 'wizard',
        })
      ).statusCode,
    ).toBe(400);
    expect((await ctx.admin.patch('/api/users/2000000000', { role: 'editor' })).statusCode).toBe(404);
  });

  it('keeps someone holding user.manage and role.manage (409)', async () => {
    // Ada is the only admin left holding both (earlier tests demoted theirs).
    await q(`update users set role = 'editor' where role = 'admin' and id <> 1`);
    // Nobody changes their own role, and a staff manager gives only roles within its rights: its
    // own, here, which would leave nobody holding both.
    expect((await ctx.admin.patch('/api/users/1', { role: 'editor' })).statusCode).toBe(403);
    await ctx.admin.ok('POST', '/api/roles', { name: 'Staff managers', permissions: ['user.manage'] });
    const manager = ctx.as((await person('staff-managers')).token);
    const res = await manager.patch('/api/users/1', { role: 'staff-managers' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ROLE_TEXT.lastAdmin);
    expect((await q(`select role from users where id = 1`)).rows[0].role).toBe('admin');

    // A custom role holding both may be the last one, and then cannot lose them.
    await ctx.admin.ok('POST', '/api/roles', { name: 'Owners', permissions: ['user.manage', 'role.manage'] });
    const owner = await person('owners');
    expect((await manager.patch('/api/users/1', { role: 'staff-managers' })).statusCode).toBe(200);
    expect((await manager.patch(`/api/users/${owner.user.id}`, { role: 'staff-managers' })).statusCode).toBe(
      409,
    );
    // Its holders may not edit it, and whoever else may holds both rights too: the server's own
    // change is what could leave nobody.
    expect(
      (await ctx.as(owner.token).patch('/api/roles/owners', { permissions: ['user.manage'] })).statusCode,
    ).toBe(403);
    await expect(
      createRolesService(ctx.database.db).update('owners', { permissions: ['user.manage'] }, SERVER_GRANTOR),
    ).rejects.toMatchObject({ statusCode: 409, message: ROLE_TEXT.lastAdmin });

    // Admin again, by the server: nobody holding less may give Admin.
    await q(`update users set role = 'admin' where id = 1`);
    expect((await ctx.admin.patch(`/api/users/${owner.user.id}`, { role: 'sales' })).statusCode).toBe(200);
  });

  it('gives no role holding a right the caller lacks, and no one their own role (403 naming it)', async () => {
    await ctx.admin.ok('POST', '/api/roles', {
      name: 'Staff desk',
      permissions: ['user.manage', 'catalogue.read'],
    });
    const desk = await person('staff-desk');
    const other = await person('viewer');
    const as = ctx.as(desk.token);

    const self = await as.patch(`/api/users/${desk.user.id}`, { role: 'admin' });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ error: expect.any(String), permission: 'product.edit' });
    const promoted = await as.patch(`/api/users/${other.user.id}`, { role: 'editor' });
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().permission).toBe('product.edit');
    const created = await as.post('/api/users', {
      name: 'Minted Admin',
      email: 'minted@example.com',
      password: 'secret-pass',
      role: 'admin',
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ error: expect.any(String), permission: 'product.edit' });
    expect((await q('select 1 from users where email = $1', ['minted@example.com'])).rowCount).toBe(0);
    const roles = (
      await q('select id, role from users where id = any($1) order by id', [[desk.user.id, other.user.id]])
    ).rows;
    expect(roles.map((r) => r.role)).toEqual(['staff-desk', 'viewer']);

    // Even a role holding less is someone else's to give: own role changes are refused.
    await ctx.admin.ok('POST', '/api/roles', { name: 'Readers only', permissions: ['catalogue.read'] });
    const down = await as.patch(`/api/users/${desk.user.id}`, { role: 'readers-only' });
    expect(down.statusCode).toBe(403);
    expect(down.json().permission).toBe('user.manage');
    // Within its rights, to someone else, it may.
    expect((await as.patch(`/api/users/${other.user.id}`, { role: 'readers-only' })).statusCode).toBe(200);
    // The same role again is no change, so renaming yourself with it is fine.
    expect(
      (await as.patch(`/api/users/${desk.user.id}`, { role: 'staff-desk', name: 'Desk' })).statusCode,
    ).toBe(200);
  });

  it('lets role.manage make and change only roles within its own rights, never the one it holds', async () => {
    await ctx.admin.ok('POST', '/api/roles', {
      name: 'Role desk',
      permissions: ['role.manage', 'catalogue.read'],
    });
    const as = ctx.as((await person('role-desk')).token);
    const wider = await as.post('/api/roles', {
      name: 'Wider',
      permissions: ['catalogue.read', 'product.price'],
    });
    // The role is checked as it would be saved, with what its permissions need added
    // (product.price brings product.edit), so the first code beyond the caller is product.edit.
    expect(wider.statusCode).toBe(403);
    expect(wider.json().permission).toBe('product.edit');
    expect((await q(`select 1 from roles where key = 'wider'`)).rowCount).toBe(0);

    // A role saved before needs were added may hold product.price without product.edit; its
    // holder may give product.price, but not the product.edit the saved role would gain with it.
    await q(
      `insert into roles (key, name, permissions, built_in)
       values ('price-desk', 'Price desk', '{role.manage,catalogue.read,product.price}', false)`,
    );
    const pricing = ctx.as((await person('price-desk')).token);
    const priced = await pricing.post('/api/roles', {
      name: 'Priced',
      permissions: ['catalogue.read', 'product.price'],
    });
    expect(priced.statusCode).toBe(403);
    expect(priced.json().permission).toBe('product.edit');
    expect((await q(`select 1 from roles where key = 'priced'`)).rowCount).toBe(0);

    const mine = await as.patch('/api/roles/role-desk', { permissions: PERMISSION_CODES });
    expect(mine.statusCode).toBe(403);
    expect(mine.json().permission).toBe('role.manage');
    expect((await q(`select permissions from roles where key = 'role-desk'`)).rows[0].permissions).toEqual([
      'catalogue.read',
      'role.manage',
    ]);

    expect(
      (await as.post('/api/roles', { name: 'Narrow', permissions: ['catalogue.read'] })).statusCode,
    ).toBe(201);
    const widened = await as.patch('/api/roles/narrow', { permissions: ['catalogue.read', 'user.manage'] });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().permission).toBe('user.manage');
    expect((await q(`select permissions from roles where key = 'narrow'`)).rows[0].permissions).toEqual([
      'catalogue.read',
    ]);
  });

  it('filters users by role', async () => {
    const res = await ctx.admin.get('/api/users?role=sales&limit=100');
    expect(res.statusCode).toBe(200);
    const roles = (res.json().data as { role: string }[]).map((u) => u.role);
    expect(roles.length).toBeGreaterThan(0);
    expect(new Set(roles)).toEqual(new Set(['sales']));
    expect((await ctx.admin.get('/api/users?role=Not%20A%20Key')).statusCode).toBe(400);
  });
});

describe('field-level rights on products', () => {
  let assistant: string;
  let editor: string;
  beforeAll(async () => {
    await ctx.admin.ok('POST', '/api/roles', {
      name: 'Assistant',
      permissions: [
        'catalogue.read',
        'product.edit',
        'import.run',
        'history.read',
        'history.restore',
        'trash.restore',
      ],
    });
    assistant = (await person('assistant')).token;
    editor = (await person('editor')).token;
  });

  it('lets product.edit change names but not the MRP, the own discount or the status', async () => {
    const id = await product('Field One');
    const as = ctx.as(assistant);
    const named = await as.put(`/api/products/${id}`, productBody({ name: 'Field One b' }));
    expect(named.statusCode).toBe(200);

    const price = await as.put(
      `/api/products/${id}`,
      productBody({ name: 'Field One b', pricing: { mrp: 90 } }),
    );
    expect(price.statusCode).toBe(403);
    expect(price.json().permission).toBe('product.price');
    const discount = await as.put(
      `/api/products/${id}`,
      productBody({ name: 'Field One b', pricing: { mrp: 100, discountPercent: 10 } }),
    );
    expect(discount.json().permission).toBe('product.price');
    const status = await as.put(`/api/products/${id}`, productBody({ name: 'Field One b', status: 'draft' }));
    expect(status.statusCode).toBe(403);
    expect(status.json().permission).toBe('product.publish');
    const { rows } = await q(`select name, mrp, status from products where id = $1`, [id]);
    expect(rows[0]).toEqual({ name: 'Field One b', mrp: '100.00', status: 'published' });

    // An editor holds both.
    const ok = await ctx
      .as(editor)
      .put(`/api/products/${id}`, productBody({ pricing: { mrp: 90 }, status: 'draft' }));
    expect(ok.statusCode).toBe(200);
  });

  it('asks product.publish of a new product that is not a draft', async () => {
    const as = ctx.as(assistant);
    const published = await as.post('/api/products', { name: 'New published' });
    expect(published.statusCode).toBe(403);
    expect(published.json().permission).toBe('product.publish');
    expect((await as.post('/api/products', { name: 'New draft', status: 'draft', mrp: 5 })).statusCode).toBe(
      201,
    );
  });

  it('checks each bulk action against the field it changes', async () => {
    const id = await product('Bulk One');
    const as = ctx.as(assistant);
    const tries = [
      [{ action: 'adjust_price', by: 'percent', value: '10' }, 'product.price'],
      [{ action: 'unpublish' }, 'product.publish'],
      [{ action: 'delete' }, 'product.delete'],
    ] as const;
    for (const [body, permission] of tries) {
      const res = await as.post('/api/products/bulk', { ids: [id], ...body });
      expect(res.statusCode).toBe(403);
      expect(res.json().permission).toBe(permission);
    }
    expect(
      (await as.post('/api/products/bulk', { ids: [id], action: 'set_brand', brand_id: null })).statusCode,
    ).toBe(200);
    const { rows } = await q(`select mrp, status from products where id = $1`, [id]);
    expect(rows[0]).toEqual({ mrp: '100.00', status: 'published' });
    const sales = (await person('sales')).token;
    expect(
      (
        await ctx.as(sales).post('/api/products/bulk', { ids: [id], action: 'set_brand', brand_id: null })
      ).json().permission,
    ).toBe('product.edit');
  });

  it('refuses an import that would write prices before it runs, and lets a dry run check it', async () => {
    const csv = 'sku,name,mrp\nIMP-1,Imported,12.50\n';
    const file = { field: 'file', name: 'p.csv', type: 'text/csv', bytes: Buffer.from(csv) };
    const jobsBefore = (await q('select count(*)::int as n from jobs')).rows[0].n;
    const refused = await upload(ctx.as(assistant), '/api/imports', file, { dry_run: 'false' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('product.price');
    expect((await q('select count(*)::int as n from jobs')).rows[0].n).toBe(jobsBefore);
    expect((await q('select count(*)::int as n from import_chunks')).rows[0].n).toBe(0);

    const status = await upload(
      ctx.as(assistant),
      '/api/imports',
      { ...file, bytes: Buffer.from('sku,name,status\nIMP-1,I,draft\n') },
      { dry_run: 'false' },
    );
    expect(status.json().permission).toBe('product.publish');

    expect((await upload(ctx.as(assistant), '/api/imports', file, { dry_run: 'true' })).statusCode).toBe(202);
    const names = await upload(
      ctx.as(assistant),
      '/api/imports',
      { ...file, bytes: Buffer.from('sku,name\nIMP-1,Imported\n') },
      { dry_run: 'false' },
    );
    expect(names.statusCode).toBe(202);
  });

  it('asks the same rights of a history restore', async () => {
    const id = await product('Restore One');
    await ctx
      .as(editor)
      .put(`/api/products/${id}`, productBody({ name: 'Restore One', pricing: { mrp: 80 } }));
    const { rows } = await q(
      `select id from change_log where entity_type = 'product' and entity_id = $1 order by id desc limit 1`,
      [id],
    );
    const res = await ctx.as(assistant).post(`/api/history/${rows[0].id}/restore`);
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('product.price');
    expect((await q(`select mrp from products where id = $1`, [id])).rows[0].mrp).toBe('80.00');
    expect((await ctx.as(editor).post(`/api/history/${rows[0].id}/restore`)).statusCode).toBe(200);
    expect((await q(`select mrp from products where id = $1`, [id])).rows[0].mrp).toBe('100.00');
  });

  it('asks product.publish of a trash restore that brings a published product back', async () => {
    const published = await product('Trash One');
    const draft = await product('Trash Two', 'draft');
    for (const id of [published, draft])
      expect((await ctx.admin.delete(`/api/products/${id}`)).statusCode).toBe(204);
    const res = await ctx.as(assistant).post(`/api/trash/product/${published}/restore`);
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('product.publish');
    expect((await q(`select 1 from products where id = $1`, [published])).rowCount).toBe(0);
    expect((await ctx.as(assistant).post(`/api/trash/product/${draft}/restore`)).statusCode).toBe(200);
    expect((await ctx.as(editor).post(`/api/trash/product/${published}/restore`)).statusCode).toBe(200);
  });
  it("asks product.price of a change to a product's own discount through the discounts API, its history and its trash", async () => {
    await ctx.admin.ok('POST', '/api/roles', {
      name: 'Discounter',
      permissions: ['catalogue.read', 'discount.edit', 'history.read', 'history.restore', 'trash.restore'],
    });
    const discounter = ctx.as((await person('discounter')).token);
    const id = await product('Own Discount One');
    // The editor gives it an own discount of 10 %, then 15 %.
    for (const discountPercent of [10, 15])
      expect(
        (
          await ctx
            .as(editor)
            .put(
              `/api/products/${id}`,
              productBody({ name: 'Own Discount One', pricing: { mrp: 100, discountPercent } }),
            )
        ).statusCode,
      ).toBe(200);
    const own = async () =>
      (await q(`select id, value from discounts where product_id = $1 and editor_owned`, [id])).rows[0] as
        | { id: number; value: string }
        | undefined;
    const first = await own();
    const body = { title: 'Cheaper', type: 'percent', value: 50, applies_to: 'product', product_id: id };
    const put = await discounter.put(`/api/discounts/${first?.id}`, body);
    expect(put.statusCode).toBe(403);
    expect(put.json().permission).toBe('product.price');
    const del = await discounter.delete(`/api/discounts/${first?.id}`);
    expect(del.json().permission).toBe('product.price');
    expect((await own())?.value).toBe('15.00');

    // A discount made on the Discounts screen stays theirs to change.
    const { title: _, ...created } = body;
    const made = await discounter.post('/api/discounts', { ...created, name: 'Spring' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await discounter.put(`/api/discounts/${made.json().id}`, body)).statusCode).toBe(200);

    // Restoring an earlier value of the own discount from the history asks the same.
    expect((await ctx.admin.put(`/api/discounts/${first?.id}`, { ...body, value: 20 })).statusCode).toBe(200);
    const { rows } = await q(
      `select id from change_log where entity_type = 'discount' and entity_id = $1 and action = 'update'
        order by id desc limit 1`,
      [first?.id],
    );
    const restore = await discounter.post(`/api/history/${rows[0].id}/restore`);
    expect(restore.statusCode).toBe(403);
    expect(restore.json().permission).toBe('product.price');
    expect((await own())?.value).toBe('20.00');
    expect((await ctx.as(editor).post(`/api/history/${rows[0].id}/restore`)).statusCode).toBe(200);
    expect((await own())?.value).toBe('15.00');

    // And so does bringing it back from the trash.
    expect((await ctx.admin.delete(`/api/discounts/${first?.id}`)).statusCode).toBe(204);
    const back = await discounter.post(`/api/trash/discount/${first?.id}/restore`);
    expect(back.statusCode).toBe(403);
    expect(back.json().permission).toBe('product.price');
    expect(await own()).toBeUndefined();
    expect((await ctx.as(editor).post(`/api/trash/discount/${first?.id}/restore`)).statusCode).toBe(200);
    expect((await own())?.value).toBe('15.00');
  });
});
