import { Navigate, Outlet } from 'react-router';
import { useSession } from '../session/SessionContext';
import { FullPageLoader } from './FullPageLoader';

/** The login page is for signed-out visitors; a signed-in one goes to the dashboard. */
export function GuestOnly() {
  const { user, token, loading } = useSession();
  if (loading) return <FullPageLoader />;
  if (user && token) return <Navigate to="/" replace />;
  return <Outlet />;
}
