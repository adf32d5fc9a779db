/**
 * How the bench folds measurements taken in rounds (bench/load.ts): the ceiling and each scenario
 * run back to back in every round, so each scenario's share of the ceiling is taken from two
 * moments seconds apart, not minutes.
 */

/** What one autocannon run reports, as far as folding needs it. */
export type Run = { rps: number; p50: number; p99: number; errors: number; note?: string };

export const median = (values: number[]) => {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The order of a round's runs: every scenario once, the first rotated each round, so no scenario
 * always runs right after the same one (a server still busy with the last run's connections) or
 * always first.
 */
export const roundOrder = (count: number, round: number) =>
  Array.from({ length: count }, (_, k) => (k + round) % count);

/**
 * Several runs of one scenario as one row: median requests/s and latencies, errors summed, and
 * each run's requests/s.
 */
export function foldRuns<T extends Run>(rows: T[]): T & { perRound: number[] } {
  return {
    ...rows[rows.length - 1],
    rps: Math.round(median(rows.map((r) => r.rps))),
    p50: median(rows.map((r) => r.p50)),
    p99: median(rows.map((r) => r.p99)),
    errors: rows.reduce((sum, r) => sum + r.errors, 0),
    perRound: rows.map((r) => r.rps),
  };
}

/**
 * Folds runs[scenario][round] (scenario 0 the ceiling) into one row per scenario (foldRuns), with
 * the median of each round's own ratio to that round's ceiling. The median of ratios, not the
 * ratio of medians: a slow round slows both, and pairing cancels it.
 */
export function foldRounds<T extends Run>(runs: T[][]): (T & { perRound: number[]; ofCeiling: number })[] {
  const ceiling = runs[0];
  if (runs.some((rows) => rows.length !== ceiling.length))
    throw new Error('every scenario needs one run per round');
  return runs.map((rows) => ({
    ...foldRuns(rows),
    ofCeiling: median(rows.map((r, round) => r.rps / ceiling[round].rps)),
    note: [rows[0].note, `median of ${rows.length} rounds`].filter(Boolean).join(', '),
  }));
}

/**
 * One scenario's rate as a share of another's measured in the same rounds: the median of each
 * round's own ratio, for the same reason as foldRounds.
 */
export function pairedShare(rows: { perRound: number[] }, of: { perRound: number[] }): number {
  if (rows.perRound.length !== of.perRound.length) throw new Error('both need one run per round');
  return median(rows.perRound.map((rps, round) => rps / of.perRound[round]));
}
