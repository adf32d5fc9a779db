import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_TEXT, type Job } from '#domain/imports';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createClient } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { upload as sendFile } from '../../test/uploads';

let ctx: TestContext;
let token: string;
const ids = { tools: 0, drills: 0, acme: 0, existing: 0 };

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true });
  token = (await ctx.makeUser({ name: 'Importer', email: 'importer@example.com' })).token;
  const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
  ids.tools = (
    await q(`insert into categories (name, slug, path) values ('Tools', 'tools', 'tools') returning id`)
  ).rows[0].id;
  ids.drills = (
    await q(
      `insert into categories (name, slug, parent_id, depth, path) values ('Drills', 'drills', $1, 1, 'tools/drills') returning id`,
      [ids.tools],
    )
  ).rows[0].id;
  ids.acme = (await q(`insert into brands (name, slug) values ('Acme', 'acme') returning id`)).rows[0].id;
  ids.existing = (
    await q(
      `insert into products (name, slug, sku, mrp, status, description) values ('Old Saw', 'old-saw', 'EX-1', 10, 'published', 'Sharp') returning id`,
    )
  ).rows[0].id;
  // A product already holding the slug a new "Hammer" would take.
  await q(`insert into products (name, slug, sku, mrp) values ('Hammer', 'hammer', 'EX-2', 5)`);
});
afterAll(() => ctx.close());

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);

const upload = (file: string | Buffer | null, fields: Record<string, string> = {}) =>
  sendFile(
    ctx.as(token),
    '/api/imports',
    file === null
      ? null
      : {
          field: 'file',
          name: 'products.csv',
          type: 'text/csv',
          bytes: typeof file === 'string' ? Buffer.from(file) : file,
        },
    fields,
  );

const getJob = (id: string, app = ctx.app) => createClient(app, token).get(`/api/jobs/${id}`);

async function finished(id: string): Promise<Job> {
  for (let i = 0; i < 300; i++) {
    const job = (await getJob(id)).json() as Job;
    if (job.state === 'succeeded' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

async function run(csv: string, fields: Record<string, string> = {}) {
  const res = await upload(csv, fields);
  expect(res.statusCode, res.body).toBe(202);
  return finished(res.json().job_id);
}

/** What an import may change, to prove a refused or failed one changed none of it. */
const snapshot = async () => ({
  products: (
    await q(
      'select id, name, slug, sku, mrp, status, category_id, brand_id, description from products order by id',
    )
  ).rows,
  categories: (await q('select id, path from categories order by id')).rows,
  brands: (await q('select id, name from brands order by id')).rows,
  jobs: Number((await q('select count(*) from jobs')).rows[0].count),
  scratch: Number(
    (await q('select (select count(*) from import_chunks) + (select count(*) from import_rows) as n')).rows[0]
      .n,
  ),
});

describe('POST /api/imports refuses a bad file at once, storing nothing', () => {
  it.each([
    ['no file', null, {}, 400, IMPORT_TEXT.fileRequired],
    ['an empty file', '', {}, 400, IMPORT_TEXT.empty],
    ['a mapping that is not JSON', 'sku\nA', { mapping: '{sku:' }, 400, IMPORT_TEXT.mappingInvalid],
    [
      'a mapping of an unknown field',
      'sku\nA',
      { mapping: '{"colour":"c"}' },
      400,
      IMPORT_TEXT.mappingInvalid,
    ],
    [
      'a mapped column the header lacks',
      'sku,name\nA,B',
      { mapping: '{"sku":"sku","mrp":"Price"}' },
      400,
      IMPORT_TEXT.columnMissing('Price'),
    ],
    ['SKU not mapped', 'sku,name\nA,B', { mapping: '{"name":"name"}' }, 400, IMPORT_TEXT.skuNotMapped],
    ['no SKU column for the default mapping', 'code,name\nA,B', {}, 400, IMPORT_TEXT.skuNotMapped],
    ['Latin-1 bytes', Buffer.from('sku,name\nA1,Caf\xe9 cr\xe8me\n', 'latin1'), {}, 400, IMPORT_TEXT.notUtf8],
    ['an unknown form field', 'sku\nA', { colour: 'red' }, 400, undefined],
  ] as const)('%s', async (_label, file, fields, status, message) => {
    const before = await snapshot();
    const res = await upload(file, fields);
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json().error).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('a file whose declared length is over the size limit (256 MB): 413 before a byte is read', async () => {
    const before = await snapshot();
    const boundary = 'stockroom-test-boundary';
    const res = await ctx
      .as(token)
      .post('/api/imports', Buffer.alloc(IMPORT_LIMITS.maxBytes + 512 * 1024, 'x'), {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(IMPORT_TEXT.tooLarge);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a dry run', () => {
  it('reports every problem by line, column and message, and changes nothing', async () => {
    const before = await snapshot();
    const csv = [
      'SKU,Title,Price,State,Category,Maker',
      'N-1,Good,12.50,published,tools/drills,acme', // 2: fine
      'N-2,Bad price,12.345,draft,tools,Acme', // 3
      'N-3,Nowhere,1,draft,garden/hoses,Acme', // 4
      ',No sku,1,draft,,', // 5
      'N-1,Again,2,,,', // 6: same SKU as line 2
      'N-4,,3,,,', // 7: new without a name
      'N-5,No price,,,,', // 8: new without a price
      'N-6,Odd status,1,archived,,Nobody', // 9
      `N-7,${'n'.repeat(121)},1,,,`, // 10
      'EX-1,,,,,', // 11: an update may leave the name and price as they are
      ',,,,,', // 12: blank, skipped
    ].join('\n');
    const mapping = JSON.stringify({
      sku: 'SKU',
      name: 'Title',
      mrp: 'Price',
      status: 'State',
      category: 'Category',
      brand: 'Maker',
    });
    const job = await run(csv, { mapping });
    expect(job.state).toBe('succeeded');
    expect(job.error).toBeNull();
    expect(job.report).toMatchObject({ dry_run: true, rows: 10, applied: false, problem_count: 9 });
    expect(job.report?.problems).toEqual([
      { line: 3, column: 'Price', message: IMPORT_TEXT.mrpInvalid },
      { line: 4, column: 'Category', message: IMPORT_TEXT.categoryUnknown('garden/hoses') },
      { line: 5, column: 'SKU', message: IMPORT_TEXT.skuMissing },
      { line: 6, column: 'SKU', message: IMPORT_TEXT.skuDuplicate(2) },
      { line: 7, column: 'Title', message: IMPORT_TEXT.nameMissing },
      { line: 8, column: 'Price', message: IMPORT_TEXT.mrpMissing },
      { line: 9, column: 'State', message: IMPORT_TEXT.statusInvalid },
      { line: 9, column: 'Maker', message: IMPORT_TEXT.brandUnknown('Nobody') },
      { line: 10, column: 'Title', message: IMPORT_TEXT.tooLong('Name', 120) },
    ]);
    expect(job.progress).toEqual({ done: 10, total: 10 });
    expect(await snapshot()).toEqual({ ...before, jobs: before.jobs + 1 });
  });

  it('of a good file counts what would change and changes nothing', async () => {
    const before = await snapshot();
    // As a spreadsheet saves "CSV UTF-8": a byte order mark and CRLF line ends.
    const csv =
      '\ufeffsku,name,mrp,status,category_path,brand\r\nG-1,Grinder,40,published,tools,Acme\r\nEX-1,Old Saw,10,published,,\r\nEX-2,Hammer,6,,,\r\n';
    const job = await run(csv);
    expect(job.report).toMatchObject({
      dry_run: true,
      rows: 3,
      created: 1,
      updated: 1, // EX-1 is as the file says; EX-2's price changes
      problem_count: 0,
      problems: [],
      applied: false,
    });
    expect(await snapshot()).toEqual({ ...before, jobs: before.jobs + 1 });
  });

  it('a file that is not CSV fails with its line', async () => {
    const job = await run('sku,name\nA,"open quote\n');
    expect(job.state).toBe('failed');
    expect(job.error).toBe(IMPORT_TEXT.notCsv);
    expect(job.report?.problems[0]).toMatchObject({ column: null, message: IMPORT_TEXT.notCsv });
  });
});

describe('an import made with an API token', () => {
  it('is logged under the token, batch and rows', async () => {
    const made = await ctx
      .as(ctx.adminToken)
      .post('/api/api-tokens', { name: 'Import feed', role: 'editor', expires_at: null });
    expect(made.statusCode, made.body).toBe(201);
    const { id: tokenId, secret } = made.json();
    const res = await sendFile(
      ctx.as(secret),
      '/api/imports',
      {
        field: 'file',
        name: 'feed.csv',
        type: 'text/csv',
        bytes: Buffer.from('sku,name,mrp\nTK-1,Token Widget,3\n'),
      },
      { dry_run: 'false' },
    );
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().job_id;
    let job: Job | undefined;
    for (let i = 0; i < 300 && !(job && ['succeeded', 'failed'].includes(job.state)); i++) {
      job = (await createClient(ctx.app, secret).get(`/api/jobs/${jobId}`)).json() as Job;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job?.state, job?.error ?? '').toBe('succeeded');
    const { rows } = await q(
      `select actor_id, token_id, entity_id, action from change_log
        where action = 'import' or (entity_type = 'product' and entity_id = (select id from products where sku = 'TK-1'))
        order by id desc limit 2`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ actor_id: null, token_id: tokenId });
  });
});

describe('an apply', () => {
  it('creates and updates by SKU, with slugs, layout blocks, categories and brands', async () => {
    const csv = [
      'sku,name,mrp,status,category_path,brand,description',
      'A-1,Hammer,19.99,draft,tools/drills,ACME,Heavy', // "hammer" is taken: hammer-2
      'A-2,Hammer,5,,tools,,', // hammer-3; status defaults to published
      `EX-1,Old Saw Mk II,12.5,draft,tools,acme,'=cheap`, // an update; the export's defused cell
    ].join('\n');
    // Acme's live discount prices both the new product and the updated one as they are written.
    await q(
      `insert into discounts (name, type, value, applies_to, brand_id) values ('Acme ten', 'percent', 10, 'brand', $1)`,
      [ids.acme],
    );
    const job = await run(csv, { dry_run: 'false' });
    await q(`delete from discounts where name = 'Acme ten'`);
    expect(job.state, job.error ?? '').toBe('succeeded');
    expect(job.report).toMatchObject({ dry_run: false, rows: 3, created: 2, updated: 1, applied: true });
    expect(job.progress).toEqual({ done: 6, total: 6 });
    const rows = (
      await q(
        `select sku, name, slug, mrp, price_final, status, category_id, brand_id, description,
           (select array_agg(block_type || ':' || position order by position) from product_layout_blocks b where b.product_id = p.id) as blocks
         from products p where sku in ('A-1', 'A-2', 'EX-1') order by sku`,
      )
    ).rows;
    expect(rows).toEqual([
      {
        sku: 'A-1',
        name: 'Hammer',
        slug: 'hammer-2',
        mrp: '19.99',
        price_final: '17.99',
        status: 'draft',
        category_id: ids.drills,
        brand_id: ids.acme,
        description: 'Heavy',
        blocks: ['basic:0', 'images:1'],
      },
      {
        sku: 'A-2',
        name: 'Hammer',
        slug: 'hammer-3',
        mrp: '5.00',
        price_final: '5.00',
        status: 'published',
        category_id: ids.tools,
        brand_id: null,
        description: null,
        blocks: ['basic:0', 'images:1'],
      },
      {
        sku: 'EX-1',
        name: 'Old Saw Mk II',
        slug: 'old-saw',
        mrp: '12.50',
        price_final: '11.25',
        status: 'draft',
        category_id: ids.tools,
        brand_id: ids.acme,
        description: '=cheap',
        blocks: null,
      },
    ]);
    expect(Number((await q('select count(*) from import_rows')).rows[0].count)).toBe(0);
  });

  it('with create_missing creates the categories by path and the brands by name', async () => {
    const csv = [
      'sku,name,mrp,category_path,brand',
      'C-1,Hose,3,Garden/Hoses,Green Co',
      'C-2,Reel,4,garden/hoses/reels,green co',
      'C-3,Rake,5,garden,Acme',
    ].join('\n');
    const job = await run(csv, { dry_run: 'false', create_missing: 'true' });
    expect(job.state, job.error ?? '').toBe('succeeded');
    expect(job.report).toMatchObject({ created: 3, categories_created: 3, brands_created: 1, applied: true });
    const categories = (
      await q(
        `select name, slug, path, depth, chain, parent_id from categories where path like 'garden%' order by path`,
      )
    ).rows;
    expect(categories.map((c) => [c.name, c.slug, c.path, c.depth])).toEqual([
      ['Garden', 'garden', 'garden', 0],
      ['Hoses', 'hoses', 'garden/hoses', 1],
      ['reels', 'reels', 'garden/hoses/reels', 2],
    ]);
    expect(categories[2].chain).toHaveLength(3);
    const brands = (await q(`select id, name, slug from brands where lower(name) = 'green co'`)).rows;
    expect(brands).toEqual([{ id: expect.any(Number), name: 'Green Co', slug: 'green-co' }]);
    const products = (
      await q(
        `select p.sku, c.path, p.brand_id from products p join categories c on c.id = p.category_id
         where p.sku like 'C-%' order by p.sku`,
      )
    ).rows;
    expect(products).toEqual([
      { sku: 'C-1', path: 'garden/hoses', brand_id: brands[0].id },
      { sku: 'C-2', path: 'garden/hoses/reels', brand_id: brands[0].id },
      { sku: 'C-3', path: 'garden', brand_id: ids.acme },
    ]);
  });

  it('with a problem changes nothing and fails', async () => {
    const before = await snapshot();
    const job = await run('sku,name,mrp\nP-1,Fine,1\nP-2,Bad,abc\n', { dry_run: 'false' });
    expect(job.state).toBe('failed');
    expect(job.error).toBe(IMPORT_TEXT.hasProblems);
    expect(job.report?.problems).toEqual([{ line: 3, column: 'mrp', message: IMPORT_TEXT.mrpInvalid }]);
    expect(await snapshot()).toEqual({ ...before, jobs: before.jobs + 1 });
  });

  it('is all or nothing: a fault on one row in the middle leaves every product, category and brand as it was', async () => {
    await q(`create function test_refuse_sku() returns trigger language plpgsql as $$
      begin if new.sku = 'F-500' then raise exception 'refused for the test'; end if; return new; end $$`);
    await q(
      'create trigger test_refuse_sku before insert or update on products for each row execute function test_refuse_sku()',
    );
    try {
      const before = await snapshot();
      const lines = ['sku,name,mrp,category_path,brand'];
      lines.push('EX-1,Renamed,99,,');
      for (let i = 1; i <= 1000; i++) lines.push(`F-${i},Fault ${i},${i}.5,faults/deep,Fault Brand`);
      const job = await run(lines.join('\n'), { dry_run: 'false', create_missing: 'true' });
      expect(job.state).toBe('failed');
      expect(job.error).toBe(IMPORT_TEXT.applyFailed);
      expect(await snapshot()).toEqual({ ...before, jobs: before.jobs + 1 });
    } finally {
      await q('drop trigger test_refuse_sku on products');
      await q('drop function test_refuse_sku()');
    }
  });
});

describe('the products export', () => {
  it('imports again as it is: every row an existing product, none changed', async () => {
    const exported = await ctx.as(token).get('/api/products/export.csv');
    expect(exported.statusCode).toBe(200);
    const rows = Number((await q('select count(*) from products')).rows[0].count);
    const job = await run(exported.body);
    expect(job.report).toMatchObject({ rows, created: 0, updated: 0, problem_count: 0 });
  });

  it('imports risky cells back as they were: separators, quotes, tabs, formula-like and apostrophe-led values', async () => {
    await q(
      `insert into products (name, slug, sku, mrp, status, description) values
        ('Split x;=1+1', 'risky-split', 'RISKY-1', 3, 'published', 'a;-1' || chr(9) || 'b, "quoted"' || chr(10) || 'next'),
        ('''=lead', 'risky-lead', 'RISKY-2', 4, 'draft', '''@mention'),
        ('=SUM(A1)', 'risky-formula', 'RISKY-3', 5, 'published', '+1')`,
    );
    const stored = async () =>
      (
        await q(
          `select id, name, sku, mrp::text, status, description from products where sku like 'RISKY-%' order by sku`,
        )
      ).rows;
    const before = await stored();
    const exported = await ctx.as(token).get('/api/products/export.csv?q=RISKY-');
    expect(exported.statusCode).toBe(200);
    // Defused after the semicolon too, for a reader that splits there; the import takes it off.
    expect(exported.body).toContain(`"Split x;'=1+1"`);
    expect(exported.body).toContain(`"a;'-1\tb, ""quoted""\nnext"`);
    expect(exported.body).toContain("''=lead");
    const job = await run(exported.body);
    expect(job.report).toMatchObject({ rows: 3, created: 0, updated: 0, problem_count: 0 });
    expect(await stored()).toEqual(before);
  });
});

describe('a job a dead process left running', () => {
  it('fails as interrupted when a queue starts, its scratch rows dropped', async () => {
    const id = '0b9e6f2c-3d4a-4c5b-8e7f-1a2b3c4d5e6f';
    await q(
      `insert into jobs (id, kind, state, updated_at) values ($1, 'product_import', 'running', now() - interval '1 hour')`,
      [id],
    );
    await q(`insert into import_rows (job_id, line, sku) values ($1, 2, 'LEFT-1')`, [id]);
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      jwtSecret: ctx.jwtSecret,
      runJobs: true,
    });
    try {
      await other.ready();
      // The queue starts beside the app's first requests, not before them.
      let job = (await getJob(id)).json() as Job;
      for (const started = Date.now(); job.state === 'running' && Date.now() - started < 10_000; ) {
        await new Promise((r) => setTimeout(r, 50));
        job = (await getJob(id)).json() as Job;
      }
      expect(job).toMatchObject({ state: 'failed', error: IMPORT_TEXT.interrupted });
      expect(
        Number((await q('select count(*) from import_rows where job_id = $1', [id])).rows[0].count),
      ).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/jobs/{id}', () => {
  it('answers 400 for a malformed id, 404 for an unknown one and 401 without a token', async () => {
    const bad = await getJob('not-a-uuid');
    expect(bad.statusCode).toBe(400);
    const unknown = await getJob('6f1c1f0e-8a55-4c1e-9a43-5d7b1d7c9e21');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(IMPORT_TEXT.jobNotFound);
    const anonymous = await ctx.as().get('/api/jobs/6f1c1f0e-8a55-4c1e-9a43-5d7b1d7c9e21');
    expect(anonymous.statusCode).toBe(401);
  });

  it.runIf(ctx?.database.kind === 'postgres' || process.env.TEST_DB === 'pg')(
    'reads the same job from a second app on the same database',
    async () => {
      const job = await run('sku,name,mrp\nS-1,Second,1\n');
      const url = (ctx.database.pool as unknown as { options: { connectionString: string } }).options
        .connectionString;
      const database = await openDatabase({ kind: 'postgres', url, max: 2 });
      const other = await buildApp({ config: ctx.config, database, jwtSecret: ctx.jwtSecret });
      try {
        const res = await getJob(job.id, other);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(job);
      } finally {
        await other.close();
        await database.close();
      }
    },
  );
});

describe('an import needs the rights of what it would change', () => {
  /** A user whose role holds import.run and the catalogue read, and `extra`. */
  async function importer(name: string, extra: string[]) {
    const role = await ctx.as(ctx.adminToken).post('/api/roles', {
      name,
      permissions: ['catalogue.read', 'import.run', ...extra],
    });
    expect(role.statusCode, role.body).toBe(201);
    const key = role.json().key as string;
    return (await ctx.makeUser({ name, email: `${key}@example.com`, role: key })).token;
  }
  const send = (as: string, csv: string, fields: Record<string, string>) =>
    sendFile(
      ctx.as(as),
      '/api/imports',
      { field: 'file', name: 'products.csv', type: 'text/csv', bytes: Buffer.from(csv) },
      fields,
    );

  it('product.edit to apply one; category.edit and brand.edit to create those: 403 before any job', async () => {
    const reader = await importer('Import only', []);
    const editor = await importer('Import and edit', ['product.edit']);
    const tries = [
      [reader, 'sku,name\nEX-1,Renamed Saw\nNEW-9,New Saw\n', {}, 'product.edit'],
      [reader, 'sku,description\nEX-1,Blunt\n', {}, 'product.edit'],
      [
        editor,
        'sku,name,category_path\nNEW-9,New Saw,garden/rakes\n',
        { create_missing: 'true' },
        'category.edit',
      ],
      [editor, 'sku,name,brand\nNEW-9,New Saw,Zenith\n', { create_missing: 'true' }, 'brand.edit'],
    ] as const;
    for (const [as, csv, fields, permission] of tries) {
      const before = await snapshot();
      const res = await send(as, csv, { dry_run: 'false', ...fields });
      expect(res.statusCode, csv).toBe(403);
      expect(res.json(), csv).toMatchObject({ permission, error: IMPORT_TEXT.needsRight(permission) });
      expect(await snapshot(), csv).toEqual(before);
    }

    // A dry run only reads: it checks the same file and reports what would change.
    const checked = await send(reader, 'sku,name\nEX-1,Renamed Saw\n', { dry_run: 'true' });
    expect(checked.statusCode, checked.body).toBe(202);
    expect((await finished(checked.json().job_id)).report).toMatchObject({ updated: 1, applied: false });
    // Naming only existing categories and brands needs no taxonomy right.
    const applied = await send(editor, 'sku,category_path,brand\nEX-1,tools/drills,Acme\n', {
      dry_run: 'false',
    });
    expect(applied.statusCode, applied.body).toBe(202);
    expect((await finished(applied.json().job_id)).report).toMatchObject({ updated: 1, applied: true });
    const saw = await q('select category_id, brand_id from products where sku = $1', ['EX-1']);
    expect(saw.rows[0]).toEqual({ category_id: ids.drills, brand_id: ids.acme });
  });
});
