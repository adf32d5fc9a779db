import { Navigate, Outlet, useLocation } from 'react-router';
import { returnPathFrom } from '../api/returnPath';
import { useSession } from '../session/SessionContext';
import { FullPageLoader } from './FullPageLoader';

/** The login page is for signed-out visitors; a signed-in one goes where the page was asked for. */
export function GuestOnly() {
  const { user, token, loading } = useSession();
  const { search } = useLocation();
  if (loading) return <FullPageLoader />;
  if (user && token) return <Navigate to={returnPathFrom(search)} replace />;
  return <Outlet />;
}
