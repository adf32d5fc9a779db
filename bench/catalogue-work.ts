/**
 * Catalogue work at scale, timed once each against the running bench server: bulk edits of the
 * whole catalogue, the CSV export of every product, and the import of that file back. Each row
 * reports its wall time, the rows it touched and the server's peak RSS while it ran (sampled),
 * so a stream that buffers shows up as a peak, not only as time.
 *
 * Every change made here is undone: prices go up by one unit and back down, by a bulk action and
 * then by importing the export with every MRP raised and the export as it was; a file of new
 * products is imported into a category of its own, and those products are deleted in one bulk
 * action and the trash emptied of them. The seeded catalogue stays as it was for the list
 * scenarios of the next run.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Job } from '#domain/imports';

export type WorkRow = { task: string; seconds: number; rows: number; peakRssMb: number; note?: string };

type Call = (method: string, url: string, init?: { body?: unknown; form?: FormData }) => Promise<Response>;

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** Runs `work` while sampling the server's RSS every 100 ms; answers its time and the peak. */
async function timed<T>(pid: number | undefined, work: () => Promise<T>) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  const started = performance.now();
  try {
    const value = await work();
    return { value, seconds: Math.round((performance.now() - started) / 10) / 100, peak };
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Follows a job until it ends; throws when it fails. On the embedded database an apply holds the
 * one connection for its whole length, so a poll may wait out the pool's timeout and answer 503
 * (ADR 0011): that is the job still running, polled again.
 */
async function awaitJob(call: Call, id: string) {
  for (;;) {
    let job: Job;
    try {
      job = await (await call('GET', `/api/jobs/${id}`)).json();
    } catch (err) {
      if (!String(err).includes(': 503 ')) throw err;
      continue;
    }
    if (job.state === 'succeeded') return job;
    if (job.state === 'failed') throw new Error(`job ${id} failed: ${job.error}`);
    await sleep(250);
  }
}

export async function catalogueWork(
  call: Call,
  pid: number | undefined,
  log: (row: WorkRow) => void,
): Promise<WorkRow[]> {
  const rows: WorkRow[] = [];
  const add = (row: WorkRow) => {
    rows.push(row);
    log(row);
  };
  const everything = { filter: {} };

  const dry = await timed(pid, async () =>
    (
      await call('POST', '/api/products/bulk', {
        body: { ...everything, action: 'unpublish', dry_run: true },
      })
    ).json(),
  );
  add({
    task: 'bulk unpublish, dry run (all products)',
    seconds: dry.seconds,
    rows: dry.value.count,
    peakRssMb: dry.peak,
  });

  for (const [label, value] of [
    ['bulk price +1.00 (all products)', '1'],
    ['bulk price -1.00 (all products, back)', '-1'],
  ] as const) {
    const run = await timed(pid, async () =>
      (
        await call('POST', '/api/products/bulk', {
          body: { ...everything, action: 'adjust_price', by: 'amount', value },
        })
      ).json(),
    );
    add({ task: label, seconds: run.seconds, rows: run.value.count, peakRssMb: run.peak });
  }

  const exported = await timed(pid, async () => {
    const res = await call('GET', '/api/products/export.csv');
    return res.text();
  });
  const exportedRows = exported.value.split('\n').filter((line) => /^\d+,/.test(line)).length;
  add({
    task: 'CSV export (all products)',
    seconds: exported.seconds,
    rows: exportedRows,
    peakRssMb: exported.peak,
    note: `${Math.round(exported.value.length / 1024 / 1024)} MB`,
  });

  // The export with every MRP one unit higher, then the export as it was: every row matches its
  // product by SKU (and its variant by variant SKU), so each applied import updates every product,
  // and the second undoes the first. The product's and the variant's price move together.
  const records: string[][] = parse(exported.value);
  const prices = new Set(['mrp', 'variant_mrp'].map((name) => records[0].indexOf(name)));
  const raised = stringify(
    records.map((r, i) =>
      i === 0 ? r : r.map((cell, c) => (prices.has(c) ? (Number(cell) + 1).toFixed(2) : cell)),
    ),
  );
  const runs: [string, string, boolean][] = [
    ['dry run', raised, true],
    ['applied, every MRP +1.00', raised, false],
    ['applied, back as exported', exported.value, false],
  ];
  for (const [label, text, dryRun] of runs) {
    const run = await timed(pid, async () => {
      const form = new FormData();
      form.set('dry_run', String(dryRun));
      form.set('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
      const { job_id } = await (await call('POST', '/api/imports', { form })).json();
      return awaitJob(call, job_id);
    });
    const report = run.value.report;
    add({
      task: `CSV import of the export, ${label}`,
      seconds: run.seconds,
      rows: report?.rows ?? 0,
      peakRssMb: run.peak,
      note: `${report?.updated ?? 0} ${dryRun ? 'to update' : 'updated'}, ${report?.problem_count ?? 0} problems`,
    });
  }

  // As many new products as the catalogue has, in a category the import creates. A tag of the
  // run's own keeps a run that stopped half-way from turning the next one's creates into updates.
  const tag = `bench-new-${Date.now().toString(36)}`;
  const created = stringify([
    ['sku', 'name', 'mrp', 'status', 'category_path', 'brand', 'description'],
    ...Array.from({ length: exportedRows }, (_, i) => [
      `${tag}-${i + 1}`,
      `New product ${i + 1}`,
      (((i * 37) % 50_000) / 100 + 1).toFixed(2),
      'draft',
      tag,
      '',
      'Imported by the benchmark',
    ]),
  ]);
  const imported = await timed(pid, async () => {
    const form = new FormData();
    form.set('dry_run', 'false');
    form.set('create_missing', 'true');
    form.set('file', new Blob([created], { type: 'text/csv' }), 'new-products.csv');
    const { job_id } = await (await call('POST', '/api/imports', { form })).json();
    return awaitJob(call, job_id);
  });
  add({
    task: 'CSV import of new products, applied',
    seconds: imported.seconds,
    rows: imported.value.report?.rows ?? 0,
    peakRssMb: imported.peak,
    note: `${imported.value.report?.created ?? 0} created`,
  });

  const category: { id: number } = (await (await call('GET', `/api/categories?q=${tag}&limit=1`)).json())
    .data[0];
  const deleted = await timed(pid, async () =>
    (
      await call('POST', '/api/products/bulk', {
        body: { filter: { category_id: String(category.id) }, action: 'delete' },
      })
    ).json(),
  );
  add({
    task: 'bulk delete of the imported products (to the trash)',
    seconds: deleted.seconds,
    rows: deleted.value.count,
    peakRssMb: deleted.peak,
  });
  const emptied = await timed(pid, async () =>
    (await call('DELETE', '/api/trash?entity_type=product')).json(),
  );
  add({
    task: 'the trash emptied of them',
    seconds: emptied.seconds,
    rows: emptied.value.purged,
    peakRssMb: emptied.peak,
  });
  await call('DELETE', `/api/categories/${category.id}`);
  await call('DELETE', `/api/trash/category/${category.id}`);
  return rows;
}

export function workTable(rows: WorkRow[]) {
  return [
    '| task | rows | seconds | server peak RSS MB |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (r) => `| ${r.task}${r.note ? ` (${r.note})` : ''} | ${r.rows} | ${r.seconds} | ${r.peakRssMb} |`,
    ),
  ].join('\n');
}
