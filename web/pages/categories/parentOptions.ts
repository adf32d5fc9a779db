import type { Category, CategoryNode } from '#domain/categories';

/** Select values: Mantine selects hold strings, so 'all' and 'root' stand beside the ids. */
const ALL_PARENTS = 'all';
const ROOT_PARENT = 'root';
export const ROOT_LABEL = '[Root]';

type Option = { value: string; label: string };

/** The list filter's choices before the categories: 'All', '[Root]'. */
export const FILTER_FIXED: readonly Option[] = [
  { value: ALL_PARENTS, label: 'All' },
  { value: ROOT_PARENT, label: ROOT_LABEL },
];

/** The dialog's choice before the categories: '[Root]' for none. */
export const CHOICE_FIXED: readonly Option[] = [{ value: ROOT_PARENT, label: ROOT_LABEL }];

/** A parent_id the list's URL may hold: 0 for root categories or a category id. */
export const isParentFilter = (text: string): boolean =>
  /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647;

/** The URL's parent_id as the filter's value, and back: absent for all, 0 for root categories. */
export const urlToParentFilter = (text: string | undefined): string =>
  text === undefined ? ALL_PARENTS : text === '0' ? ROOT_PARENT : String(Number(text));
export const parentFilterToUrl = (value: string): string | undefined =>
  value === ALL_PARENTS ? undefined : value === ROOT_PARENT ? '0' : value;

/** The filter's value as the API's parent_id: absent for all, 0 for root categories. */
export function filterToParentId(value: string): number | null {
  if (value === ALL_PARENTS) return null;
  if (value === ROOT_PARENT) return 0;
  return Number(value);
}

/**
 * The categories a category may not have as its parent: itself and its descendants (the server
 * would refuse the cycle anyway). Nothing is excluded when adding.
 */
export function excludedParents(editing: Category | null): ((node: CategoryNode) => boolean) | undefined {
  if (!editing) return undefined;
  return (node) => node.id === editing.id || node.path.startsWith(`${editing.path}/`);
}

export const choiceToParentId = (value: string): number | null =>
  value === ROOT_PARENT ? null : Number(value);

export const parentIdToChoice = (id: number | null): string => (id === null ? ROOT_PARENT : String(id));
