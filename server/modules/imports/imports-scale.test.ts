import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_TEXT, type Job } from '#domain/imports';
import { createTestContext, type TestContext } from '../../test/harness';
import { multipart } from '../../test/images';

/**
 * The import at its limits, apart from imports.test.ts for the time they take. A file over the size limit (256 MB)
 * sent without a declared length is refused as it streams, and what was stored of it goes.
 *
 * A file of many rows creates every product (half of them in categories and brands the file
 * creates) and then a second file updates every one of them. Its speed at 100,000 rows is the
 * benchmark's to measure (bench/catalogue-work.ts); IMPORT_SCALE_ROWS runs this at that size.
 */
const ROWS = Number(process.env.IMPORT_SCALE_ROWS ?? 20_000);
const LIMIT_MS = 240_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true });
});
afterAll(() => ctx.close());

it('refuses a file over the size limit (256 MB) as it streams, keeping nothing of it', async () => {
  const boundary = 'stockroom-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.csv"\r\ncontent-type: text/csv\r\n\r\nsku\n`,
    ),
    Buffer.alloc(IMPORT_LIMITS.maxBytes + 64 * 1024, 'x\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.as(ctx.adminToken).post(
    '/api/imports',
    // Chunked, without a length: the limit is met while the file streams into the database.
    Readable.from(
      (function* () {
        for (let i = 0; i < payload.length; i += 1 << 20) yield payload.subarray(i, i + (1 << 20));
      })(),
    ),
    {
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    },
  );
  expect(res.statusCode, res.body).toBe(413);
  expect(res.json().error).toBe(IMPORT_TEXT.tooLarge);
  const { rows } = await ctx.database.pool.query(
    'select (select count(*) from import_chunks)::int as chunks, (select count(*) from jobs)::int as jobs',
  );
  expect(rows[0]).toEqual({ chunks: 0, jobs: 0 });
});

function csv(price: (i: number) => string) {
  const lines = ['sku,name,mrp,status,category_path,brand,description'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(
      `BULK-${i},Bulk product ${i % 5000},${price(i)},${i % 2 ? 'published' : 'draft'},` +
        `${i % 2 ? `bulk/group-${i % 50}` : ''},${i % 2 ? `Maker ${i % 100}` : ''},"Row ${i}, described"`,
    );
  return `${lines.join('\n')}\n`;
}

async function importFile(text: string) {
  const started = Date.now();
  const body = await multipart(
    { dry_run: 'false', create_missing: 'true' },
    { field: 'file', name: 'bulk.csv', type: 'text/csv', bytes: Buffer.from(text) },
  );
  const res = await ctx
    .as(ctx.adminToken)
    .post('/api/imports', body.payload, { headers: { ...body.headers } });
  expect(res.statusCode, res.body).toBe(202);
  const uploadMs = Date.now() - started;
  let job: Job;
  for (;;) {
    job = (await ctx.as(ctx.adminToken).get(`/api/jobs/${res.json().job_id}`)).json();
    if (job.state === 'succeeded' || job.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const ms = Date.now() - started;
  console.log(
    `import of ${ROWS} rows on ${ctx.database.kind}: ${ms} ms (upload ${uploadMs} ms), heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
  );
  return { job, ms };
}

it(
  `imports ${ROWS} rows, then updates them all`,
  async () => {
    const created = await importFile(csv((i) => `${i}.99`));
    expect(created.job.state, created.job.error ?? '').toBe('succeeded');
    expect(created.job.report, JSON.stringify(created.job.report).slice(0, 500)).toMatchObject({
      created: ROWS,
      updated: 0,
      categories_created: 26,
      brands_created: 50,
    });
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as n, count(distinct slug)::int as slugs,
         (select count(*)::int from product_layout_blocks) as blocks from products where sku like 'BULK-%'`,
    );
    expect(rows[0]).toEqual({ n: ROWS, slugs: ROWS, blocks: ROWS * 2 });

    const updated = await importFile(csv((i) => `${i}.50`));
    expect(updated.job.state, updated.job.error ?? '').toBe('succeeded');
    expect(updated.job.report).toMatchObject({ created: 0, updated: ROWS });
  },
  LIMIT_MS * 2,
);
