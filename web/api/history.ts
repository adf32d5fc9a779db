import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  HISTORY_FALLBACK,
  HISTORY_LIMITS,
  type HistoryEntry,
  type HistoryRestorePreview,
  type HistoryRestoreResult,
  type RestoreTarget,
  TRASH_TYPES,
  type TrashEmptyResult,
  type TrashItem,
  type TrashRestoreResult,
  type TrashType,
} from '#domain/history';
import type { ListMeta } from '#domain/paging';
import { api } from './client';
import { useDownload } from './download';
import {
  brandKeys,
  categoryKeys,
  companyKeys,
  customerKeys,
  dashboardKeys,
  discountKeys,
  type HistoryFilters,
  historyKeys,
  inquiryKeys,
  orderKeys,
  productKeys,
  type TrashListParams,
  trashKeys,
} from './keys';
import { toListQuery } from './listQuery';

type HistoryPage = { data: HistoryEntry[]; meta: ListMeta };
type TrashPage = { data: TrashItem[]; meta: ListMeta };

const fetchHistory = async (params: Record<string, string | number | undefined>, signal: AbortSignal) =>
  (await api.get<HistoryPage>('/history', { params: toListQuery(params), signal })).data;

/** One entity's changes, newest first, a page at a time ("Load more"). */
export function useEntityHistory(type: string, id: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: historyKeys.entity(type, id),
    queryFn: ({ pageParam, signal }) =>
      fetchHistory(
        { entity_type: type, entity_id: id, page: pageParam, limit: HISTORY_LIMITS.latestLimit },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page * last.meta.limit < last.meta.total ? page + 1 : undefined),
    enabled,
    // Every visit to the tab shows the current log: any write elsewhere may have added to it.
    staleTime: 0,
    meta: { errorMessage: HISTORY_FALLBACK.load },
  });
}

/** One page of the whole log under the Activity screen's filters. */
export function useHistoryPage(filters: HistoryFilters, page: number, limit: number, enabled = true) {
  return useQuery({
    queryKey: historyKeys.list({ ...filters, page, limit }),
    queryFn: ({ signal }) => fetchHistory({ ...filters, page, limit }, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
    meta: { errorMessage: HISTORY_FALLBACK.load },
  });
}

/** The dashboard's latest changes. */
export function useLatestChanges() {
  return useQuery({
    queryKey: historyKeys.latest(),
    queryFn: ({ signal }) => fetchHistory({ limit: HISTORY_LIMITS.latestLimit }, signal),
    staleTime: 0,
  });
}

/** The log's CSV under the Activity screen's filters (every match, not one page). */
export function useExportHistory() {
  return useDownload({
    path: '/history/export.csv',
    fallbackName: 'history.csv',
    errorMessage: HISTORY_FALLBACK.export,
    query: (filters: HistoryFilters) => toListQuery({ ...filters }),
  });
}

/** What a write to each kind of thing in the trash can change on screen, each list refreshed once. */
/**
 * Refreshes what a trash change touches: the type's own lists (and the products they show), the
 * trash, the change log and the dashboard.
 */
export function useTrashTypeChanged() {
  const queryClient = useQueryClient();
  return (...types: TrashType[]) => {
    const keys: Record<TrashType, readonly (readonly string[])[]> = {
      product: [productKeys.all],
      category: [categoryKeys.all, productKeys.all],
      brand: [brandKeys.all, productKeys.all],
      discount: [discountKeys.all, productKeys.all],
      // A request comes and goes with its quotes, its customer's counts and its orders' links.
      inquiry: [inquiryKeys.all, customerKeys.all, companyKeys.all, orderKeys.all],
    };
    const queryKeys = new Map(
      [...types.flatMap((type) => keys[type]), trashKeys.all, historyKeys.all, dashboardKeys.all].map(
        (key) => [JSON.stringify(key), key],
      ),
    );
    return Promise.all(
      [...queryKeys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

/**
 * The screens restore the version an entry shows: the entity as it was right after that change
 * (the API's default is the state before it).
 */
const RESTORE_TO: RestoreTarget = 'after';

/** What restoring an entry's version would bring back, skip and undo; asked for while `enabled`. */
export function useRestorePreview(entryId: number | null) {
  return useQuery({
    queryKey: historyKeys.restorePreview(entryId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: HistoryRestorePreview }>(`/history/${entryId}/restore-preview`, {
          params: { to: RESTORE_TO },
          signal,
        })
      ).data.data,
    enabled: entryId !== null,
    // The log may have grown since the last look: a confirmation always names what is undone now.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** A past version brought back, as a new change; the product's screens refresh. */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entryId: number) =>
      (
        await api.post<HistoryRestoreResult>(`/history/${entryId}/restore`, undefined, {
          params: { to: RESTORE_TO },
        })
      ).data,
    onSuccess: () =>
      Promise.all(
        [productKeys.all, historyKeys.all, dashboardKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    meta: { errorMessage: HISTORY_FALLBACK.restore },
  });
}

export function useTrash(params: TrashListParams) {
  return useQuery({
    queryKey: trashKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<TrashPage>('/trash', { params: toListQuery({ ...params }), signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorMessage: HISTORY_FALLBACK.trashLoad },
  });
}

export type TrashRef = { type: TrashType; id: number };

/** Out of the trash, as a plain call for a caller that may outlive its screen (a toast's Undo). */
export async function restoreFromTrash({ type, id }: TrashRef): Promise<TrashRestoreResult> {
  return (await api.post<TrashRestoreResult>(`/trash/${type}/${id}/restore`)).data;
}

/** Out of the trash; the lists it belongs to refresh. Failures toast unless the caller says otherwise. */
export function useRestoreFromTrash(errorMessage: string = HISTORY_FALLBACK.restore) {
  const changed = useTrashTypeChanged();
  return useMutation({
    mutationFn: restoreFromTrash,
    onSuccess: (_data, { type }) => changed(type),
    meta: { errorMessage },
  });
}

/** Gone for good (admins only). */
export function usePurge() {
  const changed = useTrashTypeChanged();
  return useMutation({
    mutationFn: async ({ type, id }: TrashRef) => {
      await api.delete(`/trash/${type}/${id}`);
    },
    onSuccess: (_data, { type }) => changed(type),
    meta: { errorMessage: HISTORY_FALLBACK.purge },
  });
}

/** Everything in the trash gone for good (admins only); every list an entry could return to refreshes. */
export function useEmptyTrash() {
  const changed = useTrashTypeChanged();
  return useMutation({
    mutationFn: async () => (await api.delete<TrashEmptyResult>('/trash')).data,
    onSuccess: () => changed(...TRASH_TYPES),
    meta: { errorMessage: HISTORY_FALLBACK.empty },
  });
}

/** What a logged id may refer to (a diff line shows it by name). */
export type RefKind = 'category' | 'brand' | 'company' | 'customer';

const REF_PATHS = {
  category: 'categories',
  brand: 'brands',
  company: 'companies',
  customer: 'customers',
} as const;
const REF_KEYS = {
  category: categoryKeys,
  brand: brandKeys,
  company: companyKeys,
  customer: customerKeys,
} as const;

/**
 * A category's, brand's, company's or customer's name for a diff line. A 404 (deleted since, or in the trash)
 * is an answer, not a failure to toast: the line then shows the id.
 */
export function useRefName(ref: RefKind, id: number) {
  return useQuery({
    queryKey: [...REF_KEYS[ref].detail(id), 'name'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ name: string }>(`/${REF_PATHS[ref]}/${id}`, { signal })).data.name,
    staleTime: 60_000,
  });
}
