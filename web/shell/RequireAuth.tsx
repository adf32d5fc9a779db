import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../api/returnPath';
import { useSession } from '../session/SessionContext';
import { FullPageLoader } from './FullPageLoader';

/**
 * Without user data or token, once loading has ended, go to /login; the page asked
 * for goes along, so signing in returns to it.
 */
export function RequireAuth() {
  const { user, token, loading } = useSession();
  const { pathname, search } = useLocation();
  // A session that ends while the shell shows (signing out) asks for nothing: only a visitor who
  // came without one carries the page along.
  const signedIn = useRef(false);
  const present = !!user && !!token;
  useEffect(() => {
    if (present) signedIn.current = true;
  }, [present]);
  if (loading) return <FullPageLoader />;
  if (!present) {
    return <Navigate to={signedIn.current ? '/login' : loginPathFor(`${pathname}${search}`)} replace />;
  }
  return <Outlet />;
}
