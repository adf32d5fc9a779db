// Everything the server keeps in DATA_DIR is its own user's alone (ADR 0024): folders 0700, files
// 0600. Plain JavaScript, so the embedded database's worker, which loads no TypeScript, uses it
// too. The embedded database writes some files with modes of its own (its initial files 0666), so
// the worker walks its folder again once the database is open.
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Gives `dir` and every folder and file below it the private modes, where they differ. Links are
 * left alone, not followed. A file removed meanwhile is skipped.
 */
export function makePrivate(dir) {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (err) {
    if (err.code === 'ENOENT') return;
    throw err;
  }
  const want = stat.isDirectory() ? PRIVATE_DIR_MODE : stat.isFile() ? PRIVATE_FILE_MODE : null;
  if (want === null) return;
  if ((stat.mode & 0o777) !== want) {
    try {
      chmodSync(dir, want);
    } catch (err) {
      if (err.code === 'ENOENT') return;
      throw new Error(`${dir} could not be made readable by this user only: ${err.message}`);
    }
  }
  if (!stat.isDirectory()) return;
  let names;
  try {
    names = readdirSync(dir);
  } catch (err) {
    if (err.code === 'ENOENT') return;
    throw err;
  }
  for (const name of names) makePrivate(path.join(dir, name));
}
