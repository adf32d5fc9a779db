import { Navigate, Outlet } from 'react-router';
import { useSession } from '../session/SessionContext';
import { FullPageLoader } from './FullPageLoader';

/** SPEC.md §2: without user data or token, once loading has ended, go to /login. */
export function RequireAuth() {
  const { user, token, loading } = useSession();
  if (loading) return <FullPageLoader />;
  if (!user || !token) return <Navigate to="/login" replace />;
  return <Outlet />;
}
