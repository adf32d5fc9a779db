import type { CategoryNode } from '#domain/categories';

/**
 * Flat categories in tree order: each one right after its parent, siblings by name, with its
 * level for indenting. A category whose parent is not in the list (a search matched it alone)
 * starts at level 0 where its name sorts.
 */
export function treeOrder<T extends CategoryNode>(nodes: readonly T[]): (T & { level: number })[] {
  const present = new Set(nodes.map((n) => n.id));
  const children = new Map<number | null, T[]>();
  for (const node of nodes) {
    const parent = node.parent_id !== null && present.has(node.parent_id) ? node.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(node);
    children.set(parent, list);
  }
  const out: (T & { level: number })[] = [];
  const visit = (parent: number | null, level: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const node of list) {
      out.push({ ...node, level });
      visit(node.id, level + 1);
    }
  };
  visit(null, 0);
  return out;
}
