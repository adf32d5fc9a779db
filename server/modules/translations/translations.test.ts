import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_TEXT } from '#domain/permissions';
import { PRODUCT_CSV_COLUMNS } from '#domain/product-list';
import { loadConfig } from '../../config';
import {
  createBrand,
  createCategory,
  createProduct,
  createProductWithVariants,
  createSpecGroup,
  userWithRole,
} from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let editor: string;
let sales: string;
beforeAll(async () => {
  // Private webhook receivers allowed: an endpoint on loopback records the events it is sent.
  ctx = await createTestContext({ LOCALES: 'en,de,fr', WEBHOOK_ALLOW_PRIVATE: '1' });
  editor = (await userWithRole(ctx, 'editor')).token;
  sales = (await userWithRole(ctx, 'sales')).token;
});
afterAll(() => ctx.close());

const logged = async (type: string, id: number) =>
  (
    await ctx.database.pool.query(
      'select changes from change_log where entity_type = $1 and entity_id = $2 order by id',
      [type, id],
    )
  ).rows.map((r) => r.changes);

describe('LOCALES', () => {
  it('defaults to one language and refuses what is not a language code', () => {
    expect(loadConfig({ DATA_DIR: ctx.config.dataDir }).locales).toEqual({ default: 'en', all: ['en'] });
    expect(loadConfig({ DATA_DIR: ctx.config.dataDir, LOCALES: 'en, pt-BR' }).locales.all).toEqual([
      'en',
      'pt-BR',
    ]);
    for (const bad of ['english', 'en,de,en', 'en,,de', 'de_DE'])
      expect(() => loadConfig({ DATA_DIR: ctx.config.dataDir, LOCALES: bad }), bad).toThrow(/LOCALES: must/);
  });

  it('GET /api/locales answers them, the default first, to anyone', async () => {
    expect(await ctx.as().ok('GET', '/api/locales')).toEqual({ default: 'en', locales: ['en', 'de', 'fr'] });
  });
});

describe('product translations', () => {
  it('stores, merges and clears fields of a locale, and lists every translated locale', async () => {
    const p = await createProduct(ctx.admin, { name: 'Cordless drill', description: 'Drills holes' });
    const put = (locale: string, body: object) =>
      ctx.as(editor).put(`/api/products/${p.id}/translations/${locale}`, body);

    const first = await put('de', { name: 'Akkubohrer', seo_title: 'Akkubohrer kaufen' });
    expect(first).toSucceed();
    expect(first.json()).toMatchObject({
      name: 'Akkubohrer',
      description: null,
      seo_title: 'Akkubohrer kaufen',
    });
    // Left out keeps; '' clears.
    expect((await put('de', { description: 'Bohrt Löcher', seo_title: '' })).json()).toMatchObject({
      name: 'Akkubohrer',
      description: 'Bohrt Löcher',
      seo_title: null,
    });
    const all = await ctx.as(sales).ok('GET', `/api/products/${p.id}/translations`);
    expect(Object.keys(all)).toEqual(['de', 'fr']);
    expect(all.de).toMatchObject({ name: 'Akkubohrer', description: 'Bohrt Löcher', seo_title: null });
    expect(all.fr).toEqual({
      name: null,
      description: null,
      seo_title: null,
      seo_description: null,
      sections: null,
      updated_at: null,
    });
    const row = await ctx.database.pool.query('select * from product_translations where product_id = $1', [
      p.id,
    ]);
    expect(row.rows).toMatchObject([
      { locale: 'de', name: 'Akkubohrer', description: 'Bohrt Löcher', seo_title: null },
    ]);

    // Each write is in the product's history, by field and locale.
    const changes = await logged('product', p.id);
    expect(changes).toContainEqual(
      expect.objectContaining({ 'name@de': { before: null, after: 'Akkubohrer' } }),
    );

    // Everything cleared: the row goes.
    expect(await put('de', { name: null, description: null })).toSucceed();
    expect(
      (await ctx.database.pool.query('select 1 from product_translations where product_id = $1', [p.id]))
        .rowCount,
    ).toBe(0);
  });

  it("makes the product's product.updated event", async () => {
    await ctx.admin.ok('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['product.updated'],
      enabled: true,
    });
    const p = await createProduct(ctx.admin);
    await ctx.as(editor).ok('PUT', `/api/products/${p.id}/translations/de`, { name: 'Ereignis' });
    const events = await ctx.database.pool.query('select type from webhook_events where entity = $1', [
      `product:${p.id}`,
    ]);
    expect(events.rows.map((r) => r.type)).toEqual(['product.updated']);
  });

  it('refuses the default locale, a locale not configured, and an unknown product', async () => {
    const p = await createProduct(ctx.admin);
    const en = await ctx.as(editor).put(`/api/products/${p.id}/translations/en`, { name: 'x' });
    expect(en.statusCode).toBe(400);
    expect(en.json().error).toMatch(/default language/);
    const it = await ctx.as(editor).put(`/api/products/${p.id}/translations/it`, { name: 'x' });
    expect(it.statusCode).toBe(400);
    expect(it.json().error).toMatch(/Unknown locale "it"/);
    expect(
      (await ctx.as(editor).put(`/api/products/${p.id}/translations/de_DE`, { name: 'x' })).statusCode,
    ).toBe(400);
    expect((await ctx.as(editor).put('/api/products/999999/translations/de', { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await ctx.as(editor).get('/api/products/999999/translations')).statusCode).toBe(404);
  });

  it('needs translation.edit to write (403 naming it) and a token to read or write (401)', async () => {
    const p = await createProduct(ctx.admin);
    const denied = await ctx.as(sales).put(`/api/products/${p.id}/translations/de`, { name: 'Nein' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(PERMISSION_TEXT.forbidden('Edit translations'));
    expect((await ctx.as().put(`/api/products/${p.id}/translations/de`, { name: 'Nein' })).statusCode).toBe(
      401,
    );
    expect((await ctx.as().get(`/api/products/${p.id}/translations`)).statusCode).toBe(401);
    const roles = await ctx.database.pool.query(
      "select key from roles where built_in and 'translation.edit' = any(permissions) order by key",
    );
    expect(roles.rows.map((r) => r.key)).toEqual(['admin', 'editor']);
  });
});

describe('the public bundle in a locale', () => {
  it('falls back field by field and translates sections, category and options', async () => {
    const category = await createCategory(ctx.admin, { name: 'Drills' });
    const made = await createProductWithVariants(ctx.admin, {
      option: 'Colour',
      values: ['Red', 'Blue'],
      product: { name: 'Bundle drill', description: 'A fine drill', category_id: category.id },
    });
    const group = await createSpecGroup(ctx.admin, made.id, [
      { label: 'Weight', value: '2', unit: 'kg' },
      { label: 'Finish', value: 'Matt' },
    ]);
    const list = await ctx.admin.ok('POST', `/api/products/${made.id}/lists`, {
      title: 'In the box',
      items: [{ caption: 'Case' }, { caption: 'Charger' }],
    });
    const table = await ctx.admin.ok('POST', `/api/products/${made.id}/tables`, {
      heading: 'Bits',
      columns: ['Size', 'Use'],
      rows: [
        ['6 mm', 'Wood'],
        ['8 mm', 'Stone'],
      ],
    });
    const bundle0 = await ctx.as().ok('GET', `/api/public/products/slug/${made.slug}/bundle`);
    const [red, blue] = bundle0.options[0].values;
    const finish = bundle0.specGroups[0].specs.find((s: { label: string }) => s.label === 'Finish');

    await ctx.as(editor).ok('PUT', `/api/products/${made.id}/translations/de`, {
      name: 'Bohrer im Paket',
      sections: {
        lists: { [list.id]: { title: 'Im Karton', items: { [list.items[0].id]: 'Koffer' } } },
        spec_groups: { [group.id]: { specs: { [finish.id]: { label: 'Oberfläche', value: 'Matt (DE)' } } } },
        tables: { [table.id]: { heading: 'Bohrer', columns: [null, 'Zweck'], rows: [[null, 'Holz']] } },
      },
    });
    await ctx
      .as(editor)
      .ok('PUT', `/api/categories/${category.id}/translations/de`, { name: 'Bohrmaschinen' });
    await ctx.as(editor).ok('PUT', `/api/products/${made.id}/options/${made.option.id}/translations/de`, {
      name: 'Farbe',
      values: { [red.id]: 'Rot' },
    });

    const de = await ctx.as().ok('GET', `/api/public/products/slug/${made.slug}/bundle?locale=de`);
    expect(de.base).toMatchObject({
      name: 'Bohrer im Paket',
      description: 'A fine drill',
      category: 'Bohrmaschinen',
    });
    expect(de.lists[0].title).toBe('Im Karton');
    expect(de.tables[0]).toMatchObject({ heading: 'Bohrer', intro: null });
    expect(JSON.parse(de.tables[0].columns_json)).toEqual(['Size', 'Zweck']);
    expect(JSON.parse(de.tables[0].rows_json)).toEqual([
      ['6 mm', 'Holz'],
      ['8 mm', 'Stone'],
    ]);
    expect(de.lists[0].items.map((i: { caption: string }) => i.caption)).toEqual(['Koffer', 'Charger']);
    expect(de.specGroups[0].specs.map((s: { label: string; value: string }) => [s.label, s.value])).toEqual([
      ['Weight', '2'],
      ['Oberfläche', 'Matt (DE)'],
    ]);
    expect(de.options[0]).toEqual({
      id: made.option.id,
      name: 'Farbe',
      values: [
        { id: red.id, value: 'Rot' },
        { id: blue.id, value: 'Blue' },
      ],
    });
    expect(de.variants.map((v: { title: string; options: object }) => [v.title, v.options])).toEqual([
      ['Rot', { Farbe: 'Rot' }],
      ['Blue', { Farbe: 'Blue' }],
    ]);
    // French has nothing: every field is the default's; English is as before.
    const fr = await ctx.as().ok('GET', `/api/public/products/slug/${made.slug}/bundle?locale=fr`);
    expect(fr.base.name).toBe('Bundle drill');
    expect(fr.options[0].name).toBe('Colour');
    expect(await ctx.as().ok('GET', `/api/public/products/slug/${made.slug}/bundle?locale=en`)).toEqual(
      bundle0,
    );
    expect((await ctx.as().get(`/api/public/products/slug/${made.slug}/bundle?locale=it`)).statusCode).toBe(
      400,
    );
  });

  it('keeps each locale apart in the cache: German, English, then German after a change', async () => {
    const p = await createProduct(ctx.admin, { name: 'Cached saw' });
    await ctx.as(editor).ok('PUT', `/api/products/${p.id}/translations/de`, { name: 'Säge' });
    const url = `/api/public/products/slug/${p.slug}/bundle`;
    expect((await ctx.as().ok('GET', `${url}?locale=de`)).base.name).toBe('Säge');
    expect((await ctx.as().ok('GET', url)).base.name).toBe('Cached saw');
    expect((await ctx.as().ok('GET', `${url}?locale=de`)).base.name).toBe('Säge');
    await ctx.as(editor).ok('PUT', `/api/products/${p.id}/translations/de`, { name: 'Kreissäge' });
    expect((await ctx.as().ok('GET', `${url}?locale=de`)).base.name).toBe('Kreissäge');
    expect((await ctx.as().ok('GET', url)).base.name).toBe('Cached saw');
    // Written past the API (another process, a script): the NOTIFY clears the cache too.
    await ctx.database.pool.query("update product_translations set name = 'Handsäge' where product_id = $1", [
      p.id,
    ]);
    await expect.poll(async () => (await ctx.as().ok('GET', `${url}?locale=de`)).base.name).toBe('Handsäge');
  });
});

describe('public lists in a locale', () => {
  it('names products and categories in the locale, per locale', async () => {
    const p = await createProduct(ctx.admin, { name: 'Zzlist hammer' });
    await ctx.as(editor).ok('PUT', `/api/products/${p.id}/translations/de`, { name: 'Zzlist Hammer DE' });
    const names = async (q: string) =>
      (await ctx.as().ok('GET', `/api/public/products?q=zzlist${q}`)).data.map(
        (r: { name: string }) => r.name,
      );
    expect(await names('&locale=de')).toEqual(['Zzlist Hammer DE']);
    expect(await names('')).toEqual(['Zzlist hammer']);
    expect((await ctx.as().get('/api/public/products?locale=xx')).statusCode).toBe(400);

    const c = await createCategory(ctx.admin, { name: 'Zzcat saws' });
    await ctx
      .as(editor)
      .ok('PUT', `/api/categories/${c.id}/translations/de`, { name: 'Sägen', description: 'Alle Sägen' });
    const cat = async (q: string) =>
      (await ctx.as().ok('GET', `/api/public/categories?flat=1&q=zzcat${q}`)).data.map(
        (r: { name: string }) => r.name,
      );
    expect(await cat('&locale=de')).toEqual(['Sägen']);
    expect(await cat('')).toEqual(['Zzcat saws']);
    expect(await cat('&locale=de')).toEqual(['Sägen']);
    expect((await ctx.as().get('/api/public/categories?locale=it')).statusCode).toBe(400);
    expect((await ctx.as(sales).ok('GET', `/api/categories/${c.id}/translations`)).de).toMatchObject({
      name: 'Sägen',
      description: 'Alle Sägen',
    });
  });

  it("gives a brand's description in the locale, falling back to its own", async () => {
    const b = await createBrand(ctx.admin, { name: 'Zzbrand', description: 'Fine tools' });
    expect((await ctx.as(editor).put(`/api/brands/${b.id}/translations/de`, { name: 'x' })).statusCode).toBe(
      400,
    );
    await ctx.as(editor).ok('PUT', `/api/brands/${b.id}/translations/de`, { description: 'Feine Werkzeuge' });
    const read = async (q: string) =>
      (await ctx.as().ok('GET', `/api/public/brands/slug/${b.slug}${q}`)).description;
    expect(await read('?locale=de')).toBe('Feine Werkzeuge');
    expect(await read('?locale=fr')).toBe('Fine tools');
    expect(await read('')).toBe('Fine tools');
    expect((await ctx.as().get(`/api/public/brands?locale=it`)).statusCode).toBe(400);
    expect(
      (await ctx.as(sales).put(`/api/brands/${b.id}/translations/de`, { description: 'x' })).statusCode,
    ).toBe(403);
    expect(await logged('brand', b.id)).toContainEqual(
      expect.objectContaining({ 'description@de': { before: null, after: 'Feine Werkzeuge' } }),
    );
  });
});

describe('option translations', () => {
  it('merges values by id, refuses a value of another option, and 404s an option of another product', async () => {
    const a = await createProductWithVariants(ctx.admin, { option: 'Size', values: ['S', 'M'] });
    const b = await createProductWithVariants(ctx.admin, { option: 'Size', values: ['S', 'M'] });
    const values = (await ctx.as().ok('GET', `/api/public/products/slug/${a.slug}/bundle`)).options[0].values;
    const url = `/api/products/${a.id}/options/${a.option.id}/translations/de`;
    await ctx.as(editor).ok('PUT', url, { name: 'Größe', values: { [values[0].id]: 'K' } });
    const second = await ctx.as(editor).ok('PUT', url, { values: { [values[1].id]: 'Mittel' } });
    expect(second).toMatchObject({
      name: 'Größe',
      values: { [values[0].id]: 'K', [values[1].id]: 'Mittel' },
    });
    expect(await ctx.as(editor).ok('PUT', url, { values: { [values[0].id]: '' } })).toMatchObject({
      values: { [values[1].id]: 'Mittel' },
    });
    const otherValue = (await ctx.as().ok('GET', `/api/public/products/slug/${b.slug}/bundle`)).options[0]
      .values[0].id;
    expect((await ctx.as(editor).put(url, { values: { [otherValue]: 'x' } })).statusCode).toBe(400);
    expect(
      (
        await ctx
          .as(editor)
          .put(`/api/products/${b.id}/options/${a.option.id}/translations/de`, { name: 'x' })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.as(editor).get(`/api/products/${a.id}/options/${a.option.id}/translations`)).json().de.name,
    ).toBe('Größe');
  });
});

describe('duplicate and trash', () => {
  it("copies a product's translations to its duplicate, on the copy's sections and options", async () => {
    const made = await createProductWithVariants(ctx.admin, { option: 'Size', values: ['S', 'M'] });
    const list = await ctx.admin.ok('POST', `/api/products/${made.id}/lists`, {
      title: 'Parts',
      items: [{ caption: 'Blade' }, { caption: 'Grip' }],
    });
    const small = (await ctx.as().ok('GET', `/api/public/products/slug/${made.slug}/bundle`)).options[0]
      .values[0];
    await ctx.as(editor).ok('PUT', `/api/products/${made.id}/translations/de`, {
      name: 'Messer',
      sections: { lists: { [list.id]: { title: 'Teile', items: { [list.items[1].id]: 'Griff' } } } },
    });
    await ctx.as(editor).ok('PUT', `/api/products/${made.id}/options/${made.option.id}/translations/de`, {
      name: 'Größe',
      values: { [small.id]: 'Klein' },
    });
    const copy = await ctx.admin.ok('POST', `/api/products/${made.id}/duplicate`);
    await ctx.admin.ok('POST', '/api/products/bulk', { ids: [copy.id], action: 'publish' });
    const de = await ctx.as().ok('GET', `/api/public/products/slug/${copy.slug}/bundle?locale=de`);
    expect(de.base.name).toBe('Messer');
    expect(de.lists[0].title).toBe('Teile');
    expect(de.lists[0].items.map((i: { caption: string }) => i.caption)).toEqual(['Blade', 'Griff']);
    expect(de.options[0].name).toBe('Größe');
    expect(de.options[0].values.map((v: { value: string }) => v.value)).toEqual(['Klein', 'M']);
  });

  it('keeps translations in the trash and brings them back on restore', async () => {
    const made = await createProductWithVariants(ctx.admin, { option: 'Size', values: ['S', 'M'] });
    await ctx.as(editor).ok('PUT', `/api/products/${made.id}/translations/de`, { name: 'Papierkorb' });
    await ctx
      .as(editor)
      .ok('PUT', `/api/products/${made.id}/options/${made.option.id}/translations/de`, { name: 'Größe' });
    await ctx.admin.ok('DELETE', `/api/products/${made.id}`);
    expect(
      (await ctx.database.pool.query('select 1 from product_translations where product_id = $1', [made.id]))
        .rowCount,
    ).toBe(0);
    await ctx.admin.ok('POST', `/api/trash/product/${made.id}/restore`);
    const de = await ctx.as().ok('GET', `/api/public/products/slug/${made.slug}/bundle?locale=de`);
    expect(de.base.name).toBe('Papierkorb');
    expect(de.options[0].name).toBe('Größe');
  });
});

describe('GET /api/products?missing_translation=', () => {
  it('lists what lacks a name, or a description it has, in the locale, with the other filters and paging', async () => {
    const brand = await createBrand(ctx.admin, { name: 'Zzmissing brand' });
    const done = await createProduct(ctx.admin, { name: 'Zzm done', description: 'D', brand_id: brand.id });
    const noDescription = await createProduct(ctx.admin, {
      name: 'Zzm no description',
      description: 'D',
      brand_id: brand.id,
    });
    const bare = await createProduct(ctx.admin, { name: 'Zzm bare', description: null, brand_id: brand.id });
    const none = await createProduct(ctx.admin, { name: 'Zzm none', brand_id: brand.id });
    await ctx
      .as(editor)
      .ok('PUT', `/api/products/${done.id}/translations/de`, { name: 'Fertig', description: 'B' });
    await ctx.as(editor).ok('PUT', `/api/products/${noDescription.id}/translations/de`, { name: 'Ohne' });
    await ctx.as(editor).ok('PUT', `/api/products/${bare.id}/translations/de`, { name: 'Kahl' });
    const ids = async (q: string) =>
      (
        await ctx.as(sales).ok('GET', `/api/products?brand_id=${brand.id}&sortBy=name&order=asc${q}`)
      ).data.map((r: { id: number }) => r.id);
    expect(await ids('&missing_translation=de')).toEqual([noDescription.id, none.id]);
    expect(await ids('&missing_translation=fr')).toHaveLength(4);
    expect(await ids('&missing_translation=de&limit=1&page=2')).toEqual([none.id]);
    expect((await ctx.as(sales).get('/api/products?missing_translation=en')).statusCode).toBe(400);
    expect((await ctx.as(sales).get('/api/products?missing_translation=it')).statusCode).toBe(400);
  });
});

describe('CSV', () => {
  it('exports name@de… for every translated locale', async () => {
    const p = await createProduct(ctx.admin, { name: 'Zzcsv plane', sku: 'ZZCSV-1' });
    await ctx.as(editor).ok('PUT', `/api/products/${p.id}/translations/fr`, {
      name: 'Rabot',
      seo_description: 'Un rabot',
    });
    const res = await ctx.as(ctx.adminToken).get('/api/products/export.csv?q=ZZCSV-1');
    expect(res.statusCode, res.body).toBe(200);
    const [header, row] = parse(res.body) as string[][];
    const extra = ['de', 'fr'].flatMap((l) =>
      ['name', 'description', 'seo_title', 'seo_description'].map((f) => `${f}@${l}`),
    );
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS, ...extra]);
    const cell = (name: string) => row[header.indexOf(name)];
    expect([cell('name'), cell('name@de'), cell('name@fr'), cell('seo_description@fr')]).toEqual([
      'Zzcsv plane',
      '',
      'Rabot',
      'Un rabot',
    ]);
  });
});
