import { describe, expect, it } from 'vitest';
import type { LayoutBlock } from '#domain/sections';
import { reorderBlocks } from './sectionOrder';

const block = (id: number, block_type: LayoutBlock['block_type'], position: number): LayoutBlock =>
  ({
    id,
    block_type,
    position,
    ref_id: block_type === 'basic' || block_type === 'images' ? null : id,
  }) as LayoutBlock;

describe('reorderBlocks', () => {
  const layout = [
    block(1, 'basic', 0),
    block(2, 'images', 1),
    block(3, 'list', 2),
    block(4, 'table', 5),
    block(5, 'spec_group', 7),
  ];

  it('puts the sections in the new order in the slots they held, leaving basic and images alone', () => {
    expect(reorderBlocks(layout, [5, 3, 4]).map((b) => [b.id, b.position])).toEqual([
      [1, 0],
      [2, 1],
      [5, 2],
      [3, 5],
      [4, 7],
    ]);
  });

  it('reads the layout in position order, whatever order it came in', () => {
    expect(reorderBlocks([...layout].reverse(), [3, 5, 4]).map((b) => b.id)).toEqual([1, 2, 3, 5, 4]);
  });
});
