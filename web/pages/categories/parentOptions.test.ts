import { describe, expect, it } from 'vitest';
import type { Category, CategoryNode } from '../../../domain/categories';
import { choiceToParentId, filterToParentId, parentChoiceData, parentFilterData } from './parentOptions';

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
    expect(parentFilterData(nodes).slice(0, 3)).toEqual([
      { value: 'all', label: 'All' },
      { value: 'root', label: '[Root]' },
      { value: '1', label: 'Home' },
    ]);
    expect(filterToParentId('all')).toBeNull();
    expect(filterToParentId('root')).toBe(0);
    expect(filterToParentId('2')).toBe(2);
  });

  it('leaves the edited category and its descendants out, but not a sibling sharing a prefix', () => {
    const editing = { id: 1, path: 'home' } as Category;
    expect(parentChoiceData(nodes, editing).map((o) => o.label)).toEqual(['[Root]', 'Homeware']);
    expect(parentChoiceData(nodes, null)).toHaveLength(5);
    expect(choiceToParentId('root')).toBeNull();
    expect(choiceToParentId('4')).toBe(4);
  });
});
