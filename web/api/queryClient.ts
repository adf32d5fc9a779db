import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { toastError } from './errors';
import { meKeys } from './keys';

declare module '@tanstack/react-query' {
  interface Register {
    /** The toast for a failed call when the server sent no text of its own. */
    queryMeta: { errorMessage?: string };
    mutationMeta: { errorMessage?: string };
  }
}

/** A 403 naming a permission: the user's role changed since the app read its rights. */
const lostARight = (error: unknown) =>
  isAxiosError(error) &&
  error.response?.status === 403 &&
  typeof (error.response.data as { permission?: unknown } | undefined)?.permission === 'string';

export function createQueryClient(): QueryClient {
  // Read the rights again, so the screens stop offering what the server now refuses.
  const rereadRights = (error: unknown) => {
    if (lostARight(error)) void client.invalidateQueries({ queryKey: meKeys.all });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        rereadRights(error);
        const fallback = query.meta?.errorMessage;
        if (fallback) toastError(error, fallback);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        rereadRights(error);
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
  return client;
}
