/**
 * Loaded into the soak's server process only (`--expose-gc --import`). On SIGUSR2 it runs full
 * garbage collections and appends the process's memory to SOAK_PROBE_FILE as one JSON line.
 *
 * Why: sampled RSS under load is mostly garbage waiting for V8's next major collection. The
 * heap's used bytes swing widely between collections while their lows stay flat, so two runs of
 * the same commit measured very different "growth" from samples. Memory after a full collection
 * is what a leak raises, in the JS heap or in native code.
 */
import { appendFileSync } from 'node:fs';
import sharp from 'sharp';

const file = process.env.SOAK_PROBE_FILE;
const gc = (globalThis as { gc?: () => void }).gc;

if (file && gc) {
  // A plain gc(): on this Node, gc({ type: 'major', execution: 'sync' }) neither freed a dead
  // large array nor shrank the heap, where gc() did both.
  process.on('SIGUSR2', () => {
    gc();
    // A second pass after the event loop turns collects what the first one's finalizers released
    // (pg result buffers, sharp's native handles); the pause lets V8 hand freed pages back.
    setTimeout(() => {
      gc();
      setTimeout(() => {
        const m = process.memoryUsage();
        appendFileSync(
          file,
          `${JSON.stringify({ rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, vips: sharp.cache().memory.current * 2 ** 20 })}\n`,
        );
      }, 500);
    }, 100);
  });
}
