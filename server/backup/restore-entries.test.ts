/**
 * `restore` refuses an archive with any entry that would land outside the folder it is unpacked
 * into (a `..` name, an absolute path) or that is a link (which would make the restore read or
 * write elsewhere): it says which entry and why, exits 1, and changes nothing.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../test/processes';
import type { Manifest } from './archive';

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), 'stockroom-entries-'));
const IMAGE = `${'ab'.repeat(20)}.webp`;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A backup that is valid in every other way (a dump, one image, a manifest with their checksums),
 * laid out in a folder of its own for a case to alter; `image` gives the image's bytes as the
 * archive will hold them.
 */
function stage(name: string, image: Buffer): string {
  const dir = path.join(root, name, 'backup');
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  const dump = 'CREATE TABLE public.planted (id integer);\n';
  writeFileSync(path.join(dir, 'database.sql'), dump);
  const manifest: Manifest = {
    format: 1,
    app: { name: 'stockroom', version: '0.0.0' },
    createdAt: new Date().toISOString(),
    database: { kind: 'pglite', dumpedBy: 'test' },
    migration: { applied: 0, last: null, tag: null },
    counts: { 'public.planted': 0 },
    images: { store: 'disk', files: 1 },
    checksums: { 'database.sql': sha256(dump), [`images/${IMAGE}`]: sha256(image) },
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** GNU tar with -P keeps `..` and absolute names as given. */
async function pack(dir: string, names: string[]): Promise<string> {
  const file = path.join(path.dirname(dir), 'evil.tar.gz');
  await run('tar', ['-czPf', file, '-C', dir, ...names]);
  return file;
}

async function restoreInto(file: string) {
  const dataDir = path.join(path.dirname(file), 'target');
  const result = await cli('restore', [file], { DATA_DIR: dataDir });
  return { ...result, dataDir };
}

/** The refusal: exit 1, the entry and why, and nothing in the target. */
function expectRefused(result: Awaited<ReturnType<typeof restoreInto>>, why: RegExp) {
  expect(result.out).toMatch(why);
  expect(result.out).toContain('Nothing was restored');
  expect(result.code, result.out).toBe(1);
  const written = existsSync(result.dataDir) ? readdirSync(result.dataDir) : [];
  expect(written.filter((n) => n === 'db' || n === 'uploads')).toEqual([]);
}

describe('restore refuses entries outside its folder', () => {
  it('a `..` name', async () => {
    const image = Buffer.from('an image');
    const dir = stage('dotdot', image);
    writeFileSync(path.join(dir, 'images', IMAGE), image);
    writeFileSync(path.join(root, 'dotdot', 'escaped.txt'), 'from the archive');
    const file = await pack(dir, ['.', '../escaped.txt']);
    expect((await run('tar', ['-tzf', file])).stdout).toContain('../escaped.txt');
    expectRefused(await restoreInto(file), /\.\.\/escaped\.txt points outside the backup's folder/);
  }, 60_000);

  it('an absolute path', async () => {
    const image = Buffer.from('an image');
    const dir = stage('absolute', image);
    writeFileSync(path.join(dir, 'images', IMAGE), image);
    const planted = path.join(root, 'absolute', 'planted.txt');
    writeFileSync(planted, 'from the archive');
    const file = await pack(dir, ['.', planted]);
    writeFileSync(planted, 'as it was');
    expectRefused(await restoreInto(file), new RegExp(`${planted.slice(1)} is an absolute path`));
    expect(readFileSync(planted, 'utf8')).toBe('as it was');
  }, 60_000);

  it('a symbolic link, which would copy a file from outside into the served uploads', async () => {
    const secret = path.join(root, 'secret.txt');
    writeFileSync(secret, 'a secret outside the backup');
    const dir = stage('symlink', readFileSync(secret));
    symlinkSync(secret, path.join(dir, 'images', IMAGE));
    const file = await pack(dir, ['.']);
    expectRefused(await restoreInto(file), new RegExp(`images/${IMAGE} is a symbolic link`));
  }, 60_000);

  it('a hard link', async () => {
    const image = Buffer.from('an image');
    const dir = stage('hardlink', image);
    writeFileSync(path.join(dir, 'images', IMAGE), image);
    linkSync(path.join(dir, 'images', IMAGE), path.join(dir, 'images', `${'cd'.repeat(20)}.webp`));
    const file = await pack(dir, ['.']);
    expectRefused(await restoreInto(file), /is a hard link/);
  }, 60_000);
});
