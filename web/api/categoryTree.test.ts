import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '#domain/categories';
import { treeOrder } from './categoryTree';

const node = (id: number, name: string, parent_id: number | null): CategoryNode => ({
  id,
  name,
  slug: name.toLowerCase(),
  parent_id,
  depth: 0,
  sort_order: 0,
  path: '',
  image_url: null,
});

describe('treeOrder', () => {
  it('puts each category under its parent, siblings by name, with its level', () => {
    const rows = [
      node(1, 'Lighting', null),
      node(2, 'Wall', 1),
      node(3, 'Desk', 1),
      node(4, 'Furniture', null),
      node(5, 'Desk', 4),
      node(6, 'Clamp', 3),
    ];
    expect(treeOrder(rows).map((n) => [n.name, n.level, n.id])).toEqual([
      ['Furniture', 0, 4],
      ['Desk', 1, 5],
      ['Lighting', 0, 1],
      ['Desk', 1, 3],
      ['Clamp', 2, 6],
      ['Wall', 1, 2],
    ]);
  });

  it('shows a match whose parent is not in the list at the top level', () => {
    expect(treeOrder([node(7, 'Lamps', 99), node(8, 'Bulbs', 7)]).map((n) => [n.name, n.level])).toEqual([
      ['Lamps', 0],
      ['Bulbs', 1],
    ]);
  });
});
