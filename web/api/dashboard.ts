import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#domain/dashboard';
import { api } from './client';
import { dashboardKeys } from './keys';

/** The fallback toast for a failed load, like the other screens'. */
const LOAD_FAILED = 'Failed to load dashboard';

/** Everything the dashboard shows, in one call (GET /api/dashboard). */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: async ({ signal }) => (await api.get<Dashboard>('/dashboard', { signal })).data,
    // Counts change on every other screen and with every visitor's request: ask again on each visit.
    staleTime: 0,
    meta: { errorMessage: LOAD_FAILED },
  });
}
