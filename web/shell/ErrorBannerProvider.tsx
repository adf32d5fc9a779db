import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { subscribeConnectivity } from '../api/connectivity';
import { ErrorBannerContext } from './ErrorBannerContext';

const SERVER_UNREACHABLE = 'Cannot reach the server. Check your connection and try again.';

export function ErrorBannerProvider({ children }: { children: ReactNode }) {
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () =>
      subscribeConnectivity((reachable) => {
        if (!reachable) setError(SERVER_UNREACHABLE);
        // Only our own message goes away by itself; anything else waits for Dismiss.
        else setError((current) => (current === SERVER_UNREACHABLE ? null : current));
      }),
    [],
  );

  const value = useMemo(() => ({ error, setError, clear: () => setError(null) }), [error]);
  return <ErrorBannerContext value={value}>{children}</ErrorBannerContext>;
}
