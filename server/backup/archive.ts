import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { MIGRATIONS_DIR, ROOT } from '../paths';

const run = promisify(execFile);

/** What a backup says about itself (manifest.json inside the archive). */
export type Manifest = {
  format: 1;
  app: { name: string; version: string };
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; dumpedBy: string };
  /** Migrations applied when the dump was taken, and the last one's tag. */
  migration: { applied: number; last: number | null; tag: string | null };
  /** Rows per schema-qualified table, read in the dump's own snapshot. */
  counts: Record<string, number>;
  images: { store: 'disk'; files: number } | { store: 's3'; bucket: string; listed: number };
  /** sha256 of every other file in the archive, by its path there. */
  checksums: Record<string, string>;
};

export const MANIFEST = 'manifest.json';
export const DUMP_FILE = 'database.sql';
export const IMAGES_DIR = 'images';
export const IMAGE_LISTING = 'images.json';

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export const appVersion = (): { name: string; version: string } => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
};

type JournalEntry = { idx: number; when: number; tag: string };
export const migrationJournal = (): JournalEntry[] =>
  (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;

/**
 * The archive is a gzip-compressed tar written and read by the system's `tar` (GNU tar or bsdtar,
 * present on Linux, macOS and Windows 10+), which streams files of any size.
 */
export async function packArchive(dir: string, out: string): Promise<void> {
  await run('tar', ['-czf', out, '-C', dir, '.']);
}

export async function unpackArchive(file: string, dir: string): Promise<void> {
  try {
    await run('tar', ['-xzf', file, '-C', dir]);
  } catch (err) {
    const detail = ((err as { stderr?: string }).stderr ?? String(err)).trim().split('\n')[0];
    throw new Error(`${file} is damaged or not a Stockroom backup (tar: ${detail}). Nothing was restored.`);
  }
}
