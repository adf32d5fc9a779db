import { describe, expect, it } from 'vitest';
import { BULK_LIMITS } from '#domain/product-list';
import {
  bulkRows,
  isSelected,
  NO_SELECTION,
  offerAllMatching,
  pageState,
  type Selection,
  selectedCount,
  togglePage,
  toggleRow,
  tooManyIds,
} from './selection';

const page1 = [1, 2, 3];
const page2 = [4, 5, 6];
const ids = (s: Selection) => (s.kind === 'ids' ? [...s.ids].sort((a, b) => a - b) : 'matching');

describe('selection', () => {
  it('picks and unpicks rows, keeping picks from other pages', () => {
    let s = toggleRow(NO_SELECTION, 2, page1);
    s = toggleRow(s, 5, page2);
    expect(ids(s)).toEqual([2, 5]);
    s = toggleRow(s, 2, page1);
    expect(ids(s)).toEqual([5]);
    expect(ids(NO_SELECTION)).toEqual([]);
  });

  it('the header checkbox picks or clears the page alone', () => {
    let s = toggleRow(NO_SELECTION, 5, page2);
    expect(pageState(s, page1)).toBe('none');
    s = togglePage(s, page1, true);
    expect(ids(s)).toEqual([1, 2, 3, 5]);
    expect(pageState(s, page1)).toBe('all');
    s = toggleRow(s, 1, page1);
    expect(pageState(s, page1)).toBe('some');
    s = togglePage(s, page1, false);
    expect(ids(s)).toEqual([5]);
    expect(pageState(NO_SELECTION, [])).toBe('none');
  });

  it('offers "all matching" only once the whole page is picked and more rows match', () => {
    const whole = togglePage(NO_SELECTION, page1, true);
    expect(offerAllMatching(whole, page1, 10)).toBe(true);
    expect(offerAllMatching(whole, page1, 3)).toBe(false);
    expect(offerAllMatching(toggleRow(whole, 1, page1), page1, 10)).toBe(false);
    expect(offerAllMatching({ kind: 'matching' }, page1, 10)).toBe(false);
  });

  it('"all matching" counts the list’s total and sends the filter, not ids', () => {
    const all: Selection = { kind: 'matching' };
    expect(selectedCount(all, 12_345)).toBe(12_345);
    expect(isSelected(all, 999)).toBe(true);
    expect(bulkRows(all, { brand_id: '3' })).toEqual({ filter: { brand_id: '3' } });
    const picked = togglePage(NO_SELECTION, [3, 1, 2], true);
    expect(bulkRows(picked, { brand_id: '3' })).toEqual({ ids: [1, 2, 3] });
    expect(selectedCount(picked, 12_345)).toBe(3);
  });

  it('taking one row out of "all matching" leaves the rest of the page picked', () => {
    const s = toggleRow({ kind: 'matching' }, 2, page1);
    expect(ids(s)).toEqual([1, 3]);
    expect(ids(togglePage({ kind: 'matching' }, page1, false))).toEqual([]);
  });

  it('knows when picked ids are more than one call takes', () => {
    const many = Array.from({ length: BULK_LIMITS.maxIds + 1 }, (_, i) => i + 1);
    expect(tooManyIds(togglePage(NO_SELECTION, many, true))).toBe(true);
    expect(tooManyIds(togglePage(NO_SELECTION, many.slice(1), true))).toBe(false);
    expect(tooManyIds({ kind: 'matching' })).toBe(false);
  });
});
