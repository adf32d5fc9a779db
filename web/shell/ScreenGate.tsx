import { EmptyState, Loader } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PERMISSION_TEXT, permissionLabel } from '#domain/permissions';
import { usePermissions } from '../session/usePermissions';
import { navItemFor, navItemsFor } from './navItems';

/**
 * A screen typed by hand, or reached from an old link, that the user's role may not open: a plain
 * notice naming the missing right, never a screen whose every request would fail. The dashboard,
 * where signing in lands, instead leads such a role to the first screen it may open.
 */
export function ScreenGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { ready, has } = usePermissions();
  const needed = navItemFor(pathname)?.permission;
  if (!needed || has(needed)) return children;
  if (!ready) return <Loader size="sm" aria-label="Loading" m="xl" />;
  // Signing in lands on the dashboard; a role that cannot read it starts on its first screen.
  const first = pathname === '/' ? navItemsFor(has).find((item) => item.path !== '/') : undefined;
  if (first) return <Navigate to={first.path} replace />;
  return (
    <EmptyState
      icon={<IconShieldLock size={28} aria-hidden />}
      variant="light"
      title={PERMISSION_TEXT.noAccess}
      description={`Your role lacks “${permissionLabel(needed)}”. Ask an admin if you need it.`}
      py="xl"
    />
  );
}
