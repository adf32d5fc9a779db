/**
 * Loaded into the soak's server process only (`--expose-gc --import`). On SIGUSR2 it runs full
 * garbage collections and appends the process's memory to SOAK_PROBE_FILE as one JSON line.
 *
 * Why: sampled RSS under load is mostly garbage waiting for V8's next major collection. In one
 * 90 s soak the heap's used bytes swung between 42 and 143 MB every 10–15 s while what survived a
 * collection stayed at 42–50 MB, so two runs of the same commit measured 10 and 85 MB of "growth".
 * Memory after a full collection is what a leak raises, in the JS heap or in native code.
 */
import { appendFileSync } from 'node:fs';

const file = process.env.SOAK_PROBE_FILE;
const gc = (globalThis as { gc?: (options?: { type: 'major'; execution: 'sync' }) => void }).gc;

if (file && gc) {
  process.on('SIGUSR2', () => {
    gc({ type: 'major', execution: 'sync' });
    // A second pass after the event loop turns collects what the first one's finalizers released
    // (pg result buffers, sharp's native handles); the pause lets V8 hand freed pages back.
    setTimeout(() => {
      gc({ type: 'major', execution: 'sync' });
      setTimeout(() => {
        const m = process.memoryUsage();
        appendFileSync(
          file,
          `${JSON.stringify({ rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external })}\n`,
        );
      }, 500);
    }, 100);
  });
}
