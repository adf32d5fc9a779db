import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../http/errors';
import { IMAGE_STORAGE_FULL } from './messages';

/** Where image files live. Disk by default; the interface leaves room for shared storage. */
export type ImageStore = {
  /** Writes both files for key unless they are already there. */
  write(key: string, main: Buffer, thumb: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
};

export const imageFileNames = (key: string) => ({ main: `${key}.webp`, thumb: `${key}-thumb.webp` });
export const imageUrl = (key: string) => `/uploads/${imageFileNames(key).main}`;
/** The key of a stored image's URL, or null for anything else. */
export const keyOfUrl = (url: string | null | undefined) =>
  url?.match(/^\/uploads\/([a-f0-9]{40})\.webp$/)?.[1] ?? null;

/** A full disk or quota is the 507 the client can understand; anything else stays as it is. */
function storageError(err: unknown) {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? new AppError(507, IMAGE_STORAGE_FULL) : err;
}

export function diskImageStore(dir: string): ImageStore {
  const ready = mkdir(dir, { recursive: true });
  // Write to a temporary name and rename, so a reader never sees half a file; a failed write
  // (a full disk) removes its temporary file, so nothing partial is left behind.
  async function writeAtomic(file: string, data: Buffer) {
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data);
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
    async write(key, main, thumb) {
      await ready;
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
  };
}
