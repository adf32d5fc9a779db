import { mkdirSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { makePrivate, PRIVATE_DIR_MODE } from './private-files.mjs';

/**
 * DATA_DIR holds the database (password hashes in its files and write-ahead log), the token
 * secret, uploads and backups: readable by the server's user only. From here on the process
 * creates files and folders without group or other bits (its umask, which the embedded
 * database's worker shares), and what an older install left readable is made private now.
 */
export function privateDataDir(dir: string): void {
  // A worker thread may not set the process's umask; the process that started it has.
  if (isMainThread) process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  makePrivate(dir);
}
