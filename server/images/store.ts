import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors/app-error';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.mjs';
import { IMAGE_STORAGE_FULL } from './messages';

/** A file the store holds, as listed for the orphan check and the migration. */
export type StoredFile = { name: string; bytes: number; modifiedMs: number };

/** Where image files live: a folder on disk by default, or an S3 bucket shared by every process. */
export type ImageStore = {
  /** Where the files are, for people reading a report. */
  readonly description: string;
  /** Writes both files for key unless they are already there. */
  write(key: string, main: Buffer, thumb: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every file the store holds, temporary ones included. */
  list(): Promise<StoredFile[]>;
  /** Removes one file by name (the orphan sweep). */
  removeFile(name: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  open(name: string): Promise<{ body: Readable; bytes: number } | null>;
};

export const imageFileNames = (key: string) => ({ main: `${key}.webp`, thumb: `${key}-thumb.webp` });
export const imageUrl = (key: string) => `/uploads/${imageFileNames(key).main}`;
const UPLOADS = '/uploads/';
const KEY_PATTERN = '[a-f0-9]{40}';
/** A stored image's URL, its key captured. */
const STORED_URL_PATTERN = `^${UPLOADS}(${KEY_PATTERN})\\.webp$`;
/**
 * The same URLs for SQL: matched without a capture, then the key cut out by position.
 * PostgreSQL's regex engine took four times as long to capture the key as to match the URL.
 */
export const STORED_URL_SQL = {
  match: `^${UPLOADS}${KEY_PATTERN}\\.webp$`,
  keyFrom: UPLOADS.length + 1,
  keyLength: 40,
} as const;
const STORED_URL = new RegExp(STORED_URL_PATTERN);
/** The key of a stored image's URL, or null for anything else. */
export const keyOfUrl = (url: string | null | undefined) => url?.match(STORED_URL)?.[1] ?? null;
/** The only names served under /uploads/: a content hash, and .webp (never a temporary file). */
export const SERVED_FILE_NAME = /^[a-f0-9]{40}(-thumb)?\.webp$/;
/** A file an interrupted write left behind (`<file>.<random>.tmp`). */
export const isTemporaryFile = (name: string) => name.endsWith('.tmp');

/** A full disk or quota is the 507 the client can understand; anything else stays as it is. */
function storageError(err: unknown) {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? new AppError(507, IMAGE_STORAGE_FULL) : err;
}

export function diskImageStore(dir: string): ImageStore {
  // Readable by the server's user only, like everything in DATA_DIR (server/private-files.mjs).
  // Made at the first write, not when the store is made: a store opened only to read (the
  // orphan check) must not race the folder's removal with a mkdir nobody awaits.
  let ready: Promise<unknown> | undefined;
  const made = () =>
    (ready ??= mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE }).catch((err) => {
      ready = undefined; // a later write tries again
      throw err;
    }));
  // Write to a temporary name and rename, so a reader never sees half a file; a failed write
  // (a full disk) removes its temporary file, so nothing partial is left behind.
  async function writeAtomic(file: string, data: Buffer) {
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data, { mode: PRIVATE_FILE_MODE });
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw storageError(err);
    }
  }
  const files = (key: string) => {
    const names = imageFileNames(key);
    return { main: path.join(dir, names.main), thumb: path.join(dir, names.thumb) };
  };
  return {
    description: `uploads folder ${dir}`,
    async write(key, main, thumb) {
      await made();
      const f = files(key);
      await writeAtomic(f.thumb, thumb);
      await writeAtomic(f.main, main);
    },
    async remove(key) {
      const f = files(key);
      await Promise.all([rm(f.main, { force: true }), rm(f.thumb, { force: true })]);
    },
    async exists(key) {
      try {
        await stat(files(key).main);
        return true;
      } catch {
        return false;
      }
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const out: StoredFile[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info) out.push({ name, bytes: info.size, modifiedMs: info.mtimeMs });
      }
      return out;
    },
    async removeFile(name) {
      // A name from list(), never a path: nothing outside the folder can be named.
      if (name !== path.basename(name)) return;
      await rm(path.join(dir, name), { force: true, recursive: true });
    },
    async open(name) {
      if (name !== path.basename(name)) return null;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(path.join(dir, name)), bytes: info.size };
    },
  };
}
