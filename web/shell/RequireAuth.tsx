import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../api/returnPath';
import { useSession } from '../session/SessionContext';
import { FullPageLoader } from './FullPageLoader';

/**
 * SPEC.md §2: without user data or token, once loading has ended, go to /login; the page asked
 * for goes along, so signing in returns to it.
 */
export function RequireAuth() {
  const { user, token, loading } = useSession();
  const { pathname, search } = useLocation();
  if (loading) return <FullPageLoader />;
  if (!user || !token) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
  return <Outlet />;
}
