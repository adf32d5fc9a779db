import { BULK_LIMITS } from '#domain/product-list';

/**
 * The rows a bulk action applies to: rows picked by hand (on any page of the same list), or every
 * row matching the list's filter, which the server selects itself however many there are.
 */
export type Selection = { kind: 'ids'; ids: ReadonlySet<number> } | { kind: 'matching' };

export const NO_SELECTION: Selection = { kind: 'ids', ids: new Set() };

export const isSelected = (selection: Selection, id: number) =>
  selection.kind === 'matching' || selection.ids.has(id);

/** How many rows the action would reach; `total` is the list's count under its filter. */
export const selectedCount = (selection: Selection, total: number) =>
  selection.kind === 'matching' ? total : selection.ids.size;

/** One row on or off. Taking a row out of "all matching" leaves the rest of its page picked. */
export function toggleRow(selection: Selection, id: number, pageIds: readonly number[]): Selection {
  const ids = new Set(selection.kind === 'matching' ? pageIds : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'ids', ids };
}

/** The header checkbox: the whole page on or off, keeping rows picked on other pages. */
export function togglePage(selection: Selection, pageIds: readonly number[], on: boolean): Selection {
  if (!on) {
    if (selection.kind === 'matching') return NO_SELECTION;
    const ids = new Set(selection.ids);
    for (const id of pageIds) ids.delete(id);
    return { kind: 'ids', ids };
  }
  const ids = new Set(selection.kind === 'matching' ? [] : selection.ids);
  for (const id of pageIds) ids.add(id);
  return { kind: 'ids', ids };
}

/** The header checkbox's look: all of the page, some of it or none. */
export function pageState(selection: Selection, pageIds: readonly number[]): 'all' | 'some' | 'none' {
  if (pageIds.length === 0) return 'none';
  const picked = pageIds.filter((id) => isSelected(selection, id)).length;
  return picked === 0 ? 'none' : picked === pageIds.length ? 'all' : 'some';
}

/** "Select all N matching" is offered once the whole page is picked and the list holds more. */
export const offerAllMatching = (selection: Selection, pageIds: readonly number[], total: number) =>
  selection.kind === 'ids' && pageState(selection, pageIds) === 'all' && total > selection.ids.size;

/** More ids than one call takes: the screen asks for "all matching" instead. */
export const tooManyIds = (selection: Selection) =>
  selection.kind === 'ids' && selection.ids.size > BULK_LIMITS.maxIds;

/** The rows part of the bulk body: the ids, or the list's filter (bulkFilter). */
export function bulkRows(
  selection: Selection,
  filter: Record<string, string>,
): { ids: number[] } | { filter: Record<string, string> } {
  return selection.kind === 'matching' ? { filter } : { ids: [...selection.ids].sort((a, b) => a - b) };
}
