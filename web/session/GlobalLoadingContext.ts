import { createContext, useContext } from 'react';

export type GlobalLoadingApi = { loading: boolean; setLoading: (on: boolean) => void };

export const GlobalLoadingContext = createContext<GlobalLoadingApi | null>(null);

export function useGlobalLoading(): GlobalLoadingApi {
  const api = useContext(GlobalLoadingContext);
  if (!api) throw new Error('useGlobalLoading must be used inside <GlobalLoadingProvider>');
  return api;
}
