import { createContext, useContext } from 'react';

export type ErrorBannerApi = {
  error: string | null;
  setError: (message: string) => void;
  clear: () => void;
};

export const ErrorBannerContext = createContext<ErrorBannerApi | null>(null);

export function useErrorBanner(): ErrorBannerApi {
  const api = useContext(ErrorBannerContext);
  if (!api) throw new Error('useErrorBanner must be used inside <ErrorBannerProvider>');
  return api;
}
