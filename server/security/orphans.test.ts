import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { findOrphans, isClean, sweepOrphanFiles } from '../images/orphans';
import { createTestContext, type TestContext } from '../test/harness';
import { png, uploadedFiles } from '../test/images';
import { startS3 } from '../test/s3';
import { upload } from '../test/uploads';

/**
 * The orphan check itself (server/images/orphans.ts): it must see each kind of disagreement, or the
 * harness's "zero orphans after every test file" would prove nothing. And the operators' CLI.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const key = (c: string) => c.repeat(40);

describe('findOrphans', () => {
  it('reports stray files, missing files, dangling URLs and wrong counts, and sweeps only files', async () => {
    const created = await upload(
      ctx.as(ctx.adminToken),
      '/api/categories',
      { field: 'image', name: 'a.png', bytes: await png('#445566') },
      { name: 'Orphan Check' },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(isClean(await findOrphans(ctx.database.db, ctx.uploadsDir))).toBe(true);

    const pool = ctx.database.pool;
    writeFileSync(path.join(ctx.uploadsDir, `${key('a')}.webp`), 'stray');
    writeFileSync(path.join(ctx.uploadsDir, `${key('b')}.webp.0123456789ab.tmp`), 'half');
    await pool.query(`insert into images (key, ref_count, width, height, bytes) values ($1, 0, 1, 1, 1)`, [
      key('c'),
    ]);
    await pool.query(`insert into brands (name, slug, logo_url) values ('Dangling', 'dangling', $1)`, [
      `/uploads/${key('d')}.webp`,
    ]);
    await pool.query(`update images set ref_count = ref_count + 1`);

    const report = await findOrphans(ctx.database.db, ctx.uploadsDir);
    expect(report.orphanFiles).toEqual([`${key('a')}.webp`]);
    expect(report.temporaryFiles).toEqual([`${key('b')}.webp.0123456789ab.tmp`]);
    expect(report.missingFiles).toEqual([`${key('c')}-thumb.webp`, `${key('c')}.webp`]);
    expect(report.danglingReferences).toEqual([`/uploads/${key('d')}.webp`]);
    expect(
      report.miscounted.map((m) => [m.key === key('c') ? 'c' : 'category', m.ref_count, m.references]),
    ).toEqual(
      expect.arrayContaining([
        ['c', 1, 0],
        ['category', 2, 1],
      ]),
    );

    // Young files are left out when asked (a write in progress stores files before it commits).
    expect((await findOrphans(ctx.database.db, ctx.uploadsDir, { minAgeMs: 60_000 })).orphanFiles).toEqual(
      [],
    );

    expect(await sweepOrphanFiles(report, ctx.uploadsDir)).toBe(2);
    expect(uploadedFiles(ctx.uploadsDir)).toHaveLength(2);
    // Put the rows right again, so the harness's own check at the end passes.
    await pool.query(`delete from images where key = $1`, [key('c')]);
    await pool.query(`delete from brands where slug = 'dangling'`);
    await pool.query(`update images set ref_count = ref_count - 1`);
    expect(isClean(await findOrphans(ctx.database.db, ctx.uploadsDir))).toBe(true);
  });
});

describe('npm run images:check', () => {
  it('reports an orphan (exit 1) and --sweep removes it (exit 0)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-check-'));
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      await runMigrations(database);
      await database.close();
      mkdirSync(path.join(dataDir, 'uploads'));
      const stray = path.join(dataDir, 'uploads', `${key('e')}.webp`);
      writeFileSync(stray, 'left by a crash');
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/images-check.ts', ...args], {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        }).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
        );
      const report = await run('--min-age-minutes', '0');
      expect(report.code).toBe(1);
      expect(report.out).toContain(`${key('e')}.webp`);
      expect(existsSync(stray)).toBe(true);
      const swept = await run('--sweep', '--min-age-minutes', '0');
      expect(swept).toMatchObject({ code: 0 });
      expect(swept.out).toContain('Removed 1 orphan file');
      expect(existsSync(stray)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the CLI on the S3 store', () => {
  it('images:migrate copies the uploads folder into the bucket once; images:check then reads the bucket', async () => {
    const s3 = await startS3();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-migrate-'));
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      await runMigrations(database);
      // Two stored images (with their rows) and a temporary file an interrupted write left.
      for (const c of ['1', '2']) {
        await database.pool.query(
          `insert into images (key, ref_count, width, height, bytes) values ($1, 1, 1, 1, 1)`,
          [key(c)],
        );
        await database.pool.query(`insert into brands (name, slug, logo_url) values ($1, $1, $2)`, [
          `b${c}`,
          `/uploads/${key(c)}.webp`,
        ]);
      }
      await database.close();
      const uploads = path.join(dataDir, 'uploads');
      mkdirSync(uploads);
      for (const c of ['1', '2']) {
        writeFileSync(path.join(uploads, `${key(c)}.webp`), `main ${c}`);
        writeFileSync(path.join(uploads, `${key(c)}-thumb.webp`), `thumb ${c}`);
      }
      writeFileSync(path.join(uploads, `${key('3')}.webp.0123456789ab.tmp`), 'half');
      const run = (script: string, ...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...process.env, ...s3.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        }).then(
          (r) => ({ code: 0, out: r.stdout }),
          (e: { code: number; stdout: string; stderr: string }) => ({
            code: e.code,
            out: e.stdout + e.stderr,
          }),
        );

      const first = await run('images-migrate');
      expect(first.out).toContain('Copied 4 file(s); 0 already there.');
      expect(first.out).toContain(`Left 1 other file(s) in the folder:\n  ${key('3')}.webp.0123456789ab.tmp`);
      expect(first.code).toBe(0);
      const again = await run('images-migrate');
      expect(again.out).toContain('Copied 0 file(s); 4 already there.');

      const check = await run('images-check', '--min-age-minutes', '0');
      expect(check.out).toContain(`Image store: S3 bucket ${s3.bucket}`);
      expect(check.out).toContain('no orphans');
      expect(check.code).toBe(0);

      // Without IMAGE_STORE=s3 it refuses and says what to set.
      const refused = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/cli/images-migrate.ts'],
        {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...process.env, IMAGE_STORE: 'disk', DATA_DIR: dataDir, DATABASE_URL: '' },
        },
      ).then(
        () => ({ code: 0, err: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, err: e.stderr }),
      );
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('set IMAGE_STORE=s3');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await s3.stop();
    }
  }, 120_000);
});
