import { describe, expect, it } from 'vitest';
import { foldRounds, median, pairedShare, roundOrder } from './rounds';

const run = (
  rps: number,
  extra: Partial<{ p50: number; p99: number; errors: number; note: string }> = {},
) => ({
  rps,
  p50: 1,
  p99: 2,
  errors: 0,
  ...extra,
});

describe('the bench folds its rounds', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('runs every scenario once a round, rotating which goes first', () => {
    expect([0, 1, 2, 3].map((round) => roundOrder(3, round))).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
      [0, 1, 2],
    ]);
  });

  it("gives each scenario the median of its rounds' own ratios to the ceiling, not a ratio of medians", () => {
    // The machine halves its speed in the middle rounds; the scenario is always 60 % of the
    // ceiling beside it. Medians alone would say 5,000 / 20,000 = 25 %.
    const ceiling = [run(20_000), run(10_000), run(10_000), run(20_000), run(20_000)];
    const scenario = [run(12_000), run(6_000), run(6_000), run(5_000), run(12_000)];
    const [ceilingRow, row] = foldRounds([ceiling, scenario]);
    expect(ceilingRow.ofCeiling).toBe(1);
    expect(ceilingRow.rps).toBe(20_000);
    expect(row.rps).toBe(6_000);
    expect(row.ofCeiling).toBeCloseTo(0.6, 10);
    expect(row.perRound).toEqual([12_000, 6_000, 6_000, 5_000, 12_000]);
  });

  it('reports median latencies, sums the errors, and says how many rounds it folded', () => {
    const ceiling = [run(100), run(100), run(100)];
    const scenario = [
      run(50, { p50: 3, p99: 30, errors: 1, note: 'cache off' }),
      run(50, { p50: 1, p99: 10 }),
      run(50, { p50: 2, p99: 99, errors: 2 }),
    ];
    const [, row] = foldRounds([ceiling, scenario]);
    expect(row).toMatchObject({ p50: 2, p99: 30, errors: 3, note: 'cache off, median of 3 rounds' });
  });

  it('refuses rounds that do not pair up', () => {
    expect(() => foldRounds([[run(1), run(1)], [run(1)]])).toThrow(/one run per round/);
  });

  it("gives one scenario's share of another's as the median of each round's own ratio", () => {
    expect(pairedShare({ perRound: [50, 10, 30] }, { perRound: [100, 10, 100] })).toBe(0.5);
    expect(() => pairedShare({ perRound: [1] }, { perRound: [1, 2] })).toThrow();
  });
});
