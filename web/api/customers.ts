import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Company,
  type CompanyDetail,
  CUSTOMER_TEXT,
  type Customer,
  type CustomerDetail,
  type PatchCompanyBody,
  type PatchCustomerBody,
} from '#domain/customers';
import { HISTORY_FALLBACK, type HistoryRestoreResult, type RestoreTarget } from '#domain/history';
import type { ListMeta } from '#domain/paging';
import { DESK_SCREEN } from '#domain/quote-texts';
import { api } from './client';
import { useDownload } from './download';
import {
  type CompanyListParams,
  type CustomerListParams,
  companyKeys,
  customerKeys,
  dashboardKeys,
  historyKeys,
  inquiryKeys,
  orderKeys,
} from './keys';
import { SELECT_PAGE, toListQuery } from './listQuery';
import { useAddStaffNote } from './notes';

type CustomerListResponse = { data: Customer[]; meta: ListMeta };
type CompanyListResponse = { data: Company[]; meta: ListMeta };

/** The list's query string: the controls under the API's names (the direction is `sortOrder`). */
const listQuery = ({ order, ...params }: Partial<Omit<CustomerListParams, 'sortBy'> & { sortBy: string }>) =>
  toListQuery({ ...params, sortOrder: order });

export function useCustomers(params: CustomerListParams, enabled = true) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<CustomerListResponse>('/customers', { params: listQuery(params), signal })).data,
    enabled,
    placeholderData: keepPreviousData,
    // Every new request changes a customer's figures; each visit asks again.
    staleTime: 0,
    meta: { errorMessage: CUSTOMER_TEXT.loadFailed },
  });
}

/** A searching select's page of customers (the merge dialog's choice), best matches by name. */
export function useCustomerOptions(q: string, limit = SELECT_PAGE) {
  return useQuery({
    queryKey: customerKeys.options(q, limit),
    queryFn: async ({ signal }) =>
      (
        await api.get<CustomerListResponse>('/customers', {
          params: toListQuery({ q, limit, sortBy: 'name', sortOrder: 'asc' }),
          signal,
        })
      ).data.data,
    placeholderData: keepPreviousData,
    meta: { errorMessage: CUSTOMER_TEXT.loadFailed },
  });
}

/** One customer with its requests, quotes, orders and notes; a merged one names its survivor. */
export function useCustomerDetail(id: number | null) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<CustomerDetail>(`/customers/${id}`, { signal })).data,
    enabled: id !== null,
    staleTime: 0,
    meta: { errorMessage: CUSTOMER_TEXT.loadFailed },
  });
}

/**
 * After a change to a customer or a company: both (a company's figures are its people's), the
 * change log, and the desk's customer line beside each request.
 */
function useCustomersChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [customerKeys.all, companyKeys.all, historyKeys.all, inquiryKeys.details()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Requests and orders changed hands (a merge, or its undoing): their screens refresh too. */
function useRequestsMoved() {
  const changed = useCustomersChanged();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      changed(),
      ...[inquiryKeys.all, orderKeys.all, dashboardKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    ]);
}

export function usePatchCustomer(id: number) {
  const changed = useCustomersChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PatchCustomerBody) =>
      (await api.patch<CustomerDetail>(`/customers/${id}`, body)).data,
    onSuccess: (detail) => {
      if (detail && typeof detail === 'object' && 'requests' in detail)
        queryClient.setQueryData(customerKeys.detail(id), detail);
      return changed();
    },
    meta: { errorMessage: CUSTOMER_TEXT.saveFailed },
  });
}

export function useAddCustomerNote(id: number) {
  return useAddStaffNote(`/customers/${id}`, useCustomersChanged());
}

/** This customer's requests, quotes and orders move to `into_id`; orders and requests refresh too. */
export function useMergeCustomer(id: number) {
  const moved = useRequestsMoved();
  return useMutation({
    mutationFn: async (intoId: number) => {
      await api.post(`/customers/${id}/merge`, { into_id: intoId });
    },
    onSuccess: () => moved(),
    meta: { errorMessage: CUSTOMER_TEXT.mergeFailed },
  });
}

/** The CSV of the list under the current search and filter (every match, not one page). */
export function useExportCustomers() {
  return useDownload({
    path: '/customers/export.csv',
    fallbackName: 'customers.csv',
    errorMessage: DESK_SCREEN.exportFailed,
    query: ({ page: _page, limit: _limit, ...filters }: CustomerListParams) => listQuery(filters),
  });
}

export function useCompanies(params: CompanyListParams, enabled = true) {
  return useQuery({
    queryKey: companyKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<CompanyListResponse>('/companies', { params: listQuery(params), signal })).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorMessage: CUSTOMER_TEXT.companyLoadFailed },
  });
}

/** A searching select's page of companies (a customer's company, the list's filter). */
export function useCompanyOptions(q: string, limit = SELECT_PAGE) {
  return useQuery({
    queryKey: companyKeys.options(q, limit),
    queryFn: async ({ signal }) =>
      (await api.get<CompanyListResponse>('/companies', { params: toListQuery({ q, limit }), signal })).data
        .data,
    placeholderData: keepPreviousData,
    meta: { errorMessage: CUSTOMER_TEXT.companyLoadFailed },
  });
}

/** One company: its people, their requests and orders, and its notes. */
export function useCompanyDetail(id: number | null) {
  return useQuery({
    queryKey: companyKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get<CompanyDetail>(`/companies/${id}`, { signal })).data,
    enabled: id !== null,
    staleTime: 0,
    meta: { errorMessage: CUSTOMER_TEXT.companyLoadFailed },
  });
}

export function usePatchCompany(id: number) {
  const changed = useCustomersChanged();
  return useMutation({
    mutationFn: async (body: PatchCompanyBody) => {
      await api.patch(`/companies/${id}`, body);
    },
    onSuccess: () => changed(),
    meta: { errorMessage: CUSTOMER_TEXT.companySaveFailed },
  });
}

/** Merges the company into another: its people, their requests and orders, and its notes move. */
export function useMergeCompany(id: number) {
  const moved = useRequestsMoved();
  return useMutation({
    mutationFn: async (intoId: number) => {
      await api.post(`/companies/${id}/merge`, { into_id: intoId });
    },
    onSuccess: () => moved(),
    meta: { errorMessage: CUSTOMER_TEXT.companyMergeFailed },
  });
}

/** Deletes the company; its people stay, without one. */
export function useDeleteCompany(id: number) {
  const changed = useCustomersChanged();
  return useMutation({
    mutationFn: async () => {
      await api.delete(`/companies/${id}`);
    },
    onSuccess: () => changed(),
    meta: { errorMessage: CUSTOMER_TEXT.companyDeleteFailed },
  });
}

export function useAddCompanyNote(id: number) {
  return useAddStaffNote(`/companies/${id}`, useCustomersChanged());
}

export function useExportCompanies() {
  return useDownload({
    path: '/companies/export.csv',
    fallbackName: 'companies.csv',
    errorMessage: DESK_SCREEN.exportFailed,
    query: ({ page: _page, limit: _limit, ...filters }: CompanyListParams) => listQuery(filters),
  });
}

/**
 * Brings back a customer's or a company's version from one of its history entries: a merge is
 * undone (restored to before it: the log's "after" of a merge is the merge itself), an edit's
 * version is brought back as it was right after that change, as the product editor does.
 */
export function useRestoreCustomerEntry() {
  const moved = useRequestsMoved();
  return useMutation({
    mutationFn: async ({ entryId, to }: { entryId: number; to: RestoreTarget }) =>
      (
        await api.post<HistoryRestoreResult>(`/history/${entryId}/restore`, undefined, {
          params: { to },
        })
      ).data,
    onSuccess: () => moved(),
    meta: { errorMessage: HISTORY_FALLBACK.restore },
  });
}
