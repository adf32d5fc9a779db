import type { Category, CategoryNode } from '../../../domain/categories';

/** Select values: Mantine selects hold strings, so 'all' and 'root' stand beside the ids. */
export const ALL_PARENTS = 'all';
export const ROOT_PARENT = 'root';
export const ROOT_LABEL = '[Root]';

type Option = { value: string; label: string };

const toOption = (node: CategoryNode): Option => ({ value: String(node.id), label: node.name });

/** The list filter: 'All', '[Root]', then each category (SPEC.md §2 Categories). */
export function parentFilterData(nodes: readonly CategoryNode[]): Option[] {
  return [
    { value: ALL_PARENTS, label: 'All' },
    { value: ROOT_PARENT, label: ROOT_LABEL },
    ...nodes.map(toOption),
  ];
}

/** The filter's value as the API's parent_id: absent for all, 0 for root categories. */
export function filterToParentId(value: string): number | null {
  if (value === ALL_PARENTS) return null;
  if (value === ROOT_PARENT) return 0;
  return Number(value);
}

/**
 * The dialog's choices: '[Root]' for none, then every category except, on edit, the category
 * itself and its descendants (the server would refuse the cycle anyway).
 */
export function parentChoiceData(nodes: readonly CategoryNode[], editing: Category | null): Option[] {
  const allowed = editing
    ? nodes.filter((n) => n.id !== editing.id && !n.path.startsWith(`${editing.path}/`))
    : nodes;
  return [{ value: ROOT_PARENT, label: ROOT_LABEL }, ...allowed.map(toOption)];
}

export const choiceToParentId = (value: string): number | null =>
  value === ROOT_PARENT ? null : Number(value);

export const parentIdToChoice = (id: number | null): string => (id === null ? ROOT_PARENT : String(id));
