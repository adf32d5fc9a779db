import type { PGlite } from '@electric-sql/pglite';
import type { DumpStats } from './client';

export const DUMP_ARGS: string[];
export function countRows(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<DumpStats>;
export function dumpEmbedded(db: PGlite, file: string): Promise<DumpStats>;
export function dumpWhileServing(db: PGlite, dataDir: string, file: string): Promise<DumpStats>;
export function serialized<T>(work: () => Promise<T>): Promise<T>;
