import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toastError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    /** The toast for a failed call when the server sent no text of its own. */
    queryMeta: { errorMessage?: string };
    mutationMeta: { errorMessage?: string };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const fallback = query.meta?.errorMessage;
        if (fallback) toastError(error, fallback);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        const fallback = mutation.meta?.errorMessage;
        if (fallback) toastError(error, fallback);
      },
    }),
    defaultOptions: {
      // Failures are reported at once as toasts; silent retries would only delay them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
