import { describe, expect, it } from 'vitest';
import type { Category, CategoryNode } from '#domain/categories';
import {
  CHOICE_FIXED,
  choiceToParentId,
  excludedParents,
  FILTER_FIXED,
  filterToParentId,
  isParentFilter,
  parentFilterToUrl,
  urlToParentFilter,
} from './parentOptions';

const node = (id: number, name: string, path: string): CategoryNode => ({
  id,
  name,
  slug: path.split('/').pop() ?? '',
  parent_id: null,
  depth: path.split('/').length - 1,
  sort_order: 0,
  path,
  image_url: null,
});

const nodes = [
  node(1, 'Home', 'home'),
  node(2, 'Lamps', 'home/lamps'),
  node(3, 'Desk', 'home/lamps/desk'),
  node(4, 'Homeware', 'homeware'),
];

describe('parent options', () => {
  it('filters by All, [Root] or a category', () => {
    expect(FILTER_FIXED).toEqual([
      { value: 'all', label: 'All' },
      { value: 'root', label: '[Root]' },
    ]);
    expect(CHOICE_FIXED).toEqual([{ value: 'root', label: '[Root]' }]);
    expect(filterToParentId('all')).toBeNull();
    expect(filterToParentId('root')).toBe(0);
    expect(filterToParentId('2')).toBe(2);
  });

  it('leaves the edited category and its descendants out, but not a sibling sharing a prefix', () => {
    const editing = { id: 1, path: 'home' } as Category;
    const excluded = excludedParents(editing);
    expect(nodes.filter((n) => !excluded?.(n)).map((n) => n.name)).toEqual(['Homeware']);
    expect(excludedParents(null)).toBeUndefined();
    expect(choiceToParentId('root')).toBeNull();
    expect(choiceToParentId('4')).toBe(4);
  });

  it("keeps the filter in the URL as the API's parent_id: absent for all, 0 for root", () => {
    expect(['all', 'root', '12'].map(parentFilterToUrl)).toEqual([undefined, '0', '12']);
    expect([undefined, '0', '12', '007'].map(urlToParentFilter)).toEqual(['all', 'root', '12', '7']);
    expect(['0', '12', '2147483647'].every(isParentFilter)).toBe(true);
    expect(['', '-1', '1.5', 'abc', '2147483648', '12345678901'].some(isParentFilter)).toBe(false);
  });
});
