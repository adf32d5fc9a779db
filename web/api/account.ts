import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import type {
  AccountBasket,
  AccountMe,
  AccountOrder,
  AccountOrderDetail,
  AccountQuote,
  AccountQuoteSummary,
  AccountRequest,
} from '#domain/account';
import { STORAGE_KEYS } from '#domain/constants';
import type { ListMeta } from '#domain/paging';
import { fileNameFrom, readBlobError, saveBlob } from './download';

/**
 * The buyer portal's API client (ADR 0023): its own axios instance and its own stored token, so
 * the staff app's token never goes to /api/account and a buyer's never to a staff route. A 401
 * forgets the buyer's token only; the staff session, if any, is untouched.
 */
export const accountApi = axios.create({ baseURL: '/api/account' });

export const readBuyerToken = (): string | null => localStorage.getItem(STORAGE_KEYS.buyerToken);
const storeBuyerToken = (token: string) => localStorage.setItem(STORAGE_KEYS.buyerToken, token);
const forgetBuyerToken = () => localStorage.removeItem(STORAGE_KEYS.buyerToken);

accountApi.interceptors.request.use((config) => {
  const token = readBuyerToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  list: (kind: AccountListKind, page: number) => [...accountKeys.all, kind, page] as const,
  quote: (id: number) => [...accountKeys.all, 'quote', id] as const,
  order: (id: number) => [...accountKeys.all, 'order', id] as const,
};

/** Forgets the buyer's session on its 401 and shows the sign-in again (the queries' retry stops). */
function useSessionEnd() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (axios.isAxiosError(error) && error.response?.status === 401) {
      forgetBuyerToken();
      queryClient.removeQueries({ queryKey: accountKeys.all });
      window.dispatchEvent(new Event(BUYER_SESSION_EVENT));
    }
  };
}

/** Fired when the buyer's token is stored or forgotten, so the portal redraws signed in or out. */
export const BUYER_SESSION_EVENT = 'stockroom:buyer-session';

async function get<T>(url: string, onError: (e: unknown) => void, signal?: AbortSignal): Promise<T> {
  try {
    return (await accountApi.get<T>(url, { signal })).data;
  } catch (error) {
    onError(error);
    throw error;
  }
}

export function useAccountMe(enabled: boolean) {
  const ended = useSessionEnd();
  return useQuery({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => get<AccountMe>('', ended, signal),
    enabled,
    retry: false,
  });
}

export type AccountListKind = 'requests' | 'quotes' | 'orders';
type Rows = { requests: AccountRequest; quotes: AccountQuoteSummary; orders: AccountOrder };
export type AccountRow<K extends AccountListKind> = Rows[K];

export function useAccountList<K extends AccountListKind>(kind: K, page: number) {
  const ended = useSessionEnd();
  return useQuery({
    queryKey: accountKeys.list(kind, page),
    queryFn: ({ signal }) =>
      get<{ data: AccountRow<K>[]; meta: ListMeta }>(`/${kind}?page=${page}`, ended, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAccountQuote(id: number) {
  const ended = useSessionEnd();
  return useQuery({
    queryKey: accountKeys.quote(id),
    queryFn: ({ signal }) => get<AccountQuote>(`/quotes/${id}`, ended, signal),
    retry: false,
  });
}

export function useAccountOrder(id: number) {
  const ended = useSessionEnd();
  return useQuery({
    queryKey: accountKeys.order(id),
    queryFn: ({ signal }) => get<AccountOrderDetail>(`/orders/${id}`, ended, signal),
    retry: false,
  });
}

/** The order's PDF, fetched with the buyer's token (a plain link would carry none) and saved. */
export function useOrderPdf() {
  const ended = useSessionEnd();
  return useMutation({
    mutationFn: async (order: { id: number; number: string }) => {
      try {
        const res = await accountApi
          .get<Blob>(`/orders/${order.id}/pdf`, { responseType: 'blob' })
          .catch(readBlobError);
        saveBlob(res.data, fileNameFrom(res.headers['content-disposition'], `order-${order.number}.pdf`));
      } catch (error) {
        ended(error);
        throw error;
      }
    },
  });
}

/** "Request again": the quote's products, at today's prices, for the shop's basket. */
export function useQuoteBasket() {
  const ended = useSessionEnd();
  return useMutation({
    mutationFn: (id: number) => get<AccountBasket>(`/quotes/${id}/basket`, ended),
  });
}

export function useRequestLink() {
  return useMutation({
    mutationFn: async (email: string) => (await accountApi.post('/login-link', { email })).data,
  });
}

/** Exchanges the e-mailed link's token for the buyer's own token, stored apart from staff's. */
export function useStartSession() {
  return useMutation({
    mutationFn: async (token: string) => {
      const { data } = await accountApi.post<{ token: string }>('/session', { token });
      storeBuyerToken(data.token);
      window.dispatchEvent(new Event(BUYER_SESSION_EVENT));
      return data;
    },
  });
}

export function useAccountLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Signed out here whatever the server says: a session it already ended is ended.
      await accountApi.post('/logout').catch(() => undefined);
    },
    onSettled: () => {
      forgetBuyerToken();
      queryClient.removeQueries({ queryKey: accountKeys.all });
      window.dispatchEvent(new Event(BUYER_SESSION_EVENT));
    },
  });
}
