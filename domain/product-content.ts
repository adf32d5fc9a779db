import type { ProductBundle } from './products';
import type { LayoutBlock, ProductList, ProductTable, SpecGroup } from './sections';

/**
 * A product's content sections as readers see them, in layout order: the staff preview and the
 * shop's product page show the same sections in the same order from the same bundle.
 */

/** A content block of the layout with the section it shows. */
export type ContentSection =
  | { kind: 'list'; block: LayoutBlock; section: ProductList }
  | { kind: 'spec_group'; block: LayoutBlock; section: SpecGroup }
  | { kind: 'table'; block: LayoutBlock; section: ProductTable };

/** The list, spec and table blocks in layout order; basic and images blocks are not content. */
export function contentSections(
  bundle: Pick<ProductBundle, 'lists' | 'specGroups' | 'tables' | 'layout'>,
): ContentSection[] {
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const lists = byId(bundle.lists);
  const groups = byId(bundle.specGroups);
  const tables = byId(bundle.tables);
  const sections: ContentSection[] = [];
  for (const block of [...bundle.layout.blocks].sort((a, b) => a.position - b.position)) {
    if (block.ref_id === null) continue;
    // A block whose section is gone (a race with another editor) is left out, not shown broken.
    if (block.block_type === 'list') {
      const section = lists.get(block.ref_id);
      if (section) sections.push({ kind: 'list', block, section });
    } else if (block.block_type === 'spec_group') {
      const section = groups.get(block.ref_id);
      if (section) sections.push({ kind: 'spec_group', block, section });
    } else if (block.block_type === 'table') {
      const section = tables.get(block.ref_id);
      if (section) sections.push({ kind: 'table', block, section });
    }
  }
  return sections;
}

export function sectionTitle(s: ContentSection): string {
  switch (s.kind) {
    case 'list':
      return s.section.title;
    case 'spec_group':
      return s.section.name;
    case 'table':
      return s.section.heading;
  }
}

const parseArray = (text: string): unknown[] => {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

/** columns_json and rows_json are JSON text arrays; bad text shows as empty. */
export function parseTable(table: ProductTable): { columns: string[]; rows: string[][] } {
  const columns = parseArray(table.columns_json).map((c) => String(c ?? ''));
  const rows = parseArray(table.rows_json).map((r) =>
    Array.isArray(r) ? r.map((cell) => String(cell ?? '')) : [],
  );
  return { columns, rows };
}

/** A spec row's value as shown: the value, then its unit when it has one. */
export const specValue = (spec: { value: string; unit: string }) =>
  spec.unit ? `${spec.value} ${spec.unit}` : spec.value;
