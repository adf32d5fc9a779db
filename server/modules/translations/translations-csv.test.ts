import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '#domain/imports';
import { createProduct, userWithRole } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { until } from '../../test/until';
import { upload } from '../../test/uploads';

let ctx: TestContext;
let editor: string;
beforeAll(async () => {
  ctx = await createTestContext({ LOCALES: 'en,de' }, { runJobs: true });
  editor = (await userWithRole(ctx, 'editor')).token;
});
afterAll(() => ctx.close());

const exported = async (sku: string) => {
  const res = await ctx.as(editor).get(`/api/products/export.csv?q=${sku}`);
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body) as string[][];
};

async function importCsv(rows: string[][]) {
  const res = await upload(
    ctx.as(editor),
    '/api/imports',
    { field: 'file', name: 'products.csv', type: 'text/csv', bytes: Buffer.from(stringify(rows)) },
    { dry_run: 'false' },
  );
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().job_id;
  return until(async () => {
    const job = (await ctx.as(editor).ok('GET', `/api/jobs/${id}`)) as Job;
    return job.state === 'succeeded' || job.state === 'failed' ? job : undefined;
  });
}

const translation = async (productId: number) =>
  (
    await ctx.database.pool.query(
      'select locale, name, description, seo_title, seo_description from product_translations where product_id = $1',
      [productId],
    )
  ).rows;

describe('the products CSV round trip', () => {
  it('imports name@de… back as translations: changed, cleared and kept, and exports them again', async () => {
    const p = await createProduct(ctx.admin, {
      name: 'Round plane',
      sku: 'RT-DE-1',
      description: 'Planes wood',
    });
    await ctx.as(editor).ok('PUT', `/api/products/${p.id}/translations/de`, {
      name: 'Hobel',
      description: 'Hobelt Holz',
      seo_title: 'Hobel kaufen',
    });
    const [header, row] = await exported('RT-DE-1');
    expect(header.slice(-4)).toEqual(['name@de', 'description@de', 'seo_title@de', 'seo_description@de']);
    const at = (name: string) => header.indexOf(name);
    expect(row[at('name@de')]).toBe('Hobel');

    // The file as a translator sends it back: a new name, the description cleared.
    const edited = [...row];
    edited[at('name@de')] = 'Handhobel';
    edited[at('description@de')] = '';
    const job = await importCsv([header, edited]);
    expect(job.state, JSON.stringify(job.report)).toBe('succeeded');
    expect(await translation(p.id)).toEqual([
      {
        locale: 'de',
        name: 'Handhobel',
        description: null,
        seo_title: 'Hobel kaufen',
        seo_description: null,
      },
    ]);
    const [, again] = await exported('RT-DE-1');
    expect([again[at('name@de')], again[at('description@de')], again[at('seo_title@de')]]).toEqual([
      'Handhobel',
      '',
      'Hobel kaufen',
    ]);
    // The shop reads what the file wrote.
    expect(
      (await ctx.as().ok('GET', `/api/public/products/slug/${p.slug}/bundle?locale=de`)).base,
    ).toMatchObject({
      name: 'Handhobel',
      description: 'Planes wood',
    });

    // A file with only some translated columns leaves the others as they are; a new product
    // gets its translation too.
    const job2 = await importCsv([
      ['sku', 'name', 'mrp', 'seo_description@de'],
      ['RT-DE-1', 'Round plane', '10', 'Ein Hobel'],
      ['RT-DE-2', 'New chisel', '4', 'Ein Meißel'],
    ]);
    expect(job2.state, JSON.stringify(job2.report)).toBe('succeeded');
    expect(await translation(p.id)).toEqual([
      {
        locale: 'de',
        name: 'Handhobel',
        description: null,
        seo_title: 'Hobel kaufen',
        seo_description: 'Ein Hobel',
      },
    ]);
    const chisel = (await ctx.database.pool.query("select id from products where sku = 'RT-DE-2'")).rows[0]
      .id;
    expect(await translation(chisel)).toEqual([
      { locale: 'de', name: null, description: null, seo_title: null, seo_description: 'Ein Meißel' },
    ]);
  });

  it('needs translation.edit to apply a file with translated columns (403 naming it)', async () => {
    await ctx.admin.ok('POST', '/api/roles', {
      name: 'Importer without translations',
      permissions: ['catalogue.read', 'product.edit', 'import.run'],
    });
    const user = await userWithRole(ctx, 'importer-without-translations');
    const res = await upload(
      ctx.as(user.token),
      '/api/imports',
      {
        field: 'file',
        name: 'products.csv',
        type: 'text/csv',
        bytes: Buffer.from('sku,name@de\nRT-DE-1,Nein\n'),
      },
      { dry_run: 'false' },
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toMatch(/Edit translations/);
  });
});
