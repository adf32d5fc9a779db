import type { PGlite } from '@electric-sql/pglite';
import type { DumpStats } from './client';

export const DUMP_ARGS: string[];
export function countRows(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<DumpStats>;
export function dumpEmbedded(db: PGlite, file: string): Promise<DumpStats>;
