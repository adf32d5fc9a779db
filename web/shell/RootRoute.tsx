import { Outlet } from 'react-router';
import { useRouteTitle } from './useDocumentTitle';

/** The router's root: every screen below it, signed in or not, gets its tab title here. */
export function RootRoute() {
  useRouteTitle();
  return <Outlet />;
}
