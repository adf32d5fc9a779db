import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  diskImageStore,
  type ImageStore,
  imageFileNames,
  imageUrl,
  isTemporaryFile,
  keyOfUrl,
} from './store';

/** A store, or an uploads folder (the disk store's). */
export type StoreOrDir = ImageStore | string;
const storeOf = (where: StoreOrDir) => (typeof where === 'string' ? diskImageStore(where) : where);

/**
 * What the uploads folder and the database disagree about (ADR 0004: a crash between a commit
 * and the file delete after it can leave a file nothing refers to).
 */
export type OrphanReport = {
  /** Files in the store no `images` row accounts for. */
  orphanFiles: string[];
  /** Temporary files an interrupted write (a killed process) left behind. */
  temporaryFiles: string[];
  /** Files an `images` row needs that are not on disk. */
  missingFiles: string[];
  /**
   * Image URLs in categories, brands, product galleries or the trash (which holds its items'
   * images until purged) with no `images` row behind them.
   */
  danglingReferences: string[];
  /** `images` rows whose reference count is not the number of rows that use the image. */
  miscounted: { key: string; ref_count: number; references: number }[];
};

export const isClean = (r: OrphanReport) =>
  r.orphanFiles.length +
    r.temporaryFiles.length +
    r.missingFiles.length +
    r.danglingReferences.length +
    r.miscounted.length ===
  0;

export function describeOrphans(r: OrphanReport): string {
  const lines: string[] = [];
  const section = (title: string, items: string[]) => {
    if (items.length) lines.push(`${title} (${items.length}):`, ...items.map((i) => `  ${i}`));
  };
  section('files in the store that no image row refers to', r.orphanFiles);
  section('temporary files left by an interrupted write', r.temporaryFiles);
  section('files missing for an image row', r.missingFiles);
  section('image URLs with no image row', r.danglingReferences);
  section(
    'image rows with a wrong reference count',
    r.miscounted.map((m) => `${m.key}: ref_count ${m.ref_count}, used ${m.references} time(s)`),
  );
  return lines.length ? lines.join('\n') : 'no orphans: every file has a row and every row its files';
}

/**
 * Compares the image store (the uploads folder, or the S3 bucket) with the `images` table and the
 * rows that use images.
 * `minAgeMs` leaves out files younger than that: a write in progress stores its files before its
 * transaction commits, so on a live server a brand-new file is not yet an orphan.
 */
export async function findOrphans(
  db: Pick<Db, 'execute'>,
  where: StoreOrDir,
  opts: { minAgeMs?: number } = {},
): Promise<OrphanReport> {
  const store = storeOf(where);
  // The database first: a file that appears after this read is new, and the age filter skips it.
  const { rows: imageRows } = await db.execute<{ key: string; ref_count: number }>(
    sql`select key, ref_count from images`,
  );
  const { rows: refRows } = await db.execute<{ url: string }>(sql`
    select image_url as url from categories where image_url is not null
    union all select logo_url from brands where logo_url is not null
    union all select url from product_images`);
  const { rows: heldRows } = await db.execute<{ key: string }>(
    sql`select unnest(image_keys) as key from trash`,
  );

  const uses = new Map<string, number>();
  const danglingReferences: string[] = [];
  const known = new Set(imageRows.map((r) => r.key));
  for (const { url } of [...refRows, ...heldRows.map((r) => ({ url: imageUrl(r.key) }))]) {
    const key = keyOfUrl(url);
    if (!key) continue; // not a stored upload
    uses.set(key, (uses.get(key) ?? 0) + 1);
    if (!known.has(key)) danglingReferences.push(url);
  }
  const miscounted = imageRows
    .filter((r) => Number(r.ref_count) !== (uses.get(r.key) ?? 0))
    .map((r) => ({ key: r.key, ref_count: Number(r.ref_count), references: uses.get(r.key) ?? 0 }));

  const stored = await store.list();
  const present = new Set(stored.map((f) => f.name));
  const expected = new Set<string>();
  const missingFiles: string[] = [];
  for (const { key } of imageRows) {
    for (const name of Object.values(imageFileNames(key))) {
      expected.add(name);
      if (!present.has(name)) missingFiles.push(name);
    }
  }
  const minAgeMs = opts.minAgeMs ?? 0;
  const now = Date.now();
  const orphanFiles: string[] = [];
  const temporaryFiles: string[] = [];
  for (const file of stored.filter((f) => !expected.has(f.name))) {
    if (minAgeMs > 0 && now - file.modifiedMs < minAgeMs) continue;
    (isTemporaryFile(file.name) ? temporaryFiles : orphanFiles).push(file.name);
  }
  return {
    orphanFiles: orphanFiles.sort(),
    temporaryFiles: temporaryFiles.sort(),
    missingFiles: missingFiles.sort(),
    danglingReferences: danglingReferences.sort(),
    miscounted,
  };
}

/** Removes the orphan and temporary files of a report (never rows: those need a person to look). */
export async function sweepOrphanFiles(report: OrphanReport, where: StoreOrDir): Promise<number> {
  const store = storeOf(where);
  const names = [...report.orphanFiles, ...report.temporaryFiles];
  for (const name of names) await store.removeFile(name);
  return names.length;
}
