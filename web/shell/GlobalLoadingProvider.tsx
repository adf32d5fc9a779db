import { type ReactNode, useMemo, useState } from 'react';
import { GlobalLoadingContext } from '../session/GlobalLoadingContext';
import { GlobalLoadingOverlay } from './GlobalLoadingOverlay';

export function GlobalLoadingProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(false);
  const value = useMemo(() => ({ loading, setLoading }), [loading]);
  return (
    <GlobalLoadingContext value={value}>
      {children}
      <GlobalLoadingOverlay visible={loading} />
    </GlobalLoadingContext>
  );
}
