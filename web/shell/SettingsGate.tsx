import type { ReactNode } from 'react';
import { useSettings } from '../api/settings';
import { FullPageLoader } from './FullPageLoader';

/**
 * Holds the screens until the server's settings have come (or failed for good), so no price is
 * ever shown in a currency the server did not choose.
 */
export function SettingsGate({ children }: { children: ReactNode }) {
  const settings = useSettings();
  if (settings.isPending) return <FullPageLoader />;
  return <>{children}</>;
}
