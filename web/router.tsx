import { createBrowserRouter } from 'react-router';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { PlaceholderPage } from './pages/placeholder/PlaceholderPage';
import { AppLayout } from './shell/AppLayout';
import { FullPageLoader } from './shell/FullPageLoader';
import { GuestOnly } from './shell/GuestOnly';
import { RequireAuth } from './shell/RequireAuth';

/** Screens of later issues, reachable already so the sidebar has no dead links (SPEC.md §2). */
const PLACEHOLDERS = [
  { path: '/categories', title: 'Product Categories' },
  { path: '/brands', title: 'Brands' },
  { path: '/products', title: 'Products' },
  { path: '/product/:slug', title: 'Product editor' },
  { path: '/product/:slug/preview', title: 'Product preview' },
  { path: '/discounts', title: 'Discounts' },
  { path: '/inquiries', title: 'Inquiries' },
];

// Screens with forms load on demand, so the first paint only carries the shell.
export const router = createBrowserRouter([
  {
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            path: '/login',
            lazy: async () => ({ Component: (await import('./pages/login/LoginPage')).LoginPage }),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <DashboardPage /> },
              {
                path: '/users',
                lazy: async () => ({ Component: (await import('./pages/users/UsersPage')).UsersPage }),
              },
              {
                path: '/profile',
                lazy: async () => ({ Component: (await import('./pages/profile/ProfilePage')).ProfilePage }),
              },
              ...PLACEHOLDERS.map(({ path, title }) => ({
                path,
                element: <PlaceholderPage title={title} />,
              })),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
