import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { FullPageLoader } from './shell/FullPageLoader';
import { GuestOnly } from './shell/GuestOnly';
import { RequireAuth } from './shell/RequireAuth';

// Screens load on demand, and so does the signed-in shell (AppLayout: app shell, navigation, scroll
// area and what they pull in), so the login route's first load carries neither (its budget: bench/web/bundle-budget.mjs).
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
        // The customer's quote page: public, outside the signed-in shell and the session guards.
        path: '/quote/:token',
        lazy: async () => ({
          Component: (await import('./pages/public-quote/PublicQuotePage')).PublicQuotePage,
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/AppLayout')).AppLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./pages/dashboard/DashboardPage')).DashboardPage,
                }),
              },
              {
                path: '/users',
                lazy: async () => ({ Component: (await import('./pages/users/UsersPage')).UsersPage }),
              },
              {
                path: '/categories',
                lazy: async () => ({
                  Component: (await import('./pages/categories/CategoriesPage')).CategoriesPage,
                }),
              },
              {
                path: '/brands',
                lazy: async () => ({ Component: (await import('./pages/brands/BrandsPage')).BrandsPage }),
              },
              {
                path: '/products',
                lazy: async () => ({
                  Component: (await import('./pages/products/ProductsPage')).ProductsPage,
                }),
              },
              {
                path: '/product/:slug',
                lazy: async () => ({
                  Component: (await import('./pages/product-editor/ProductEditorPage')).ProductEditorPage,
                }),
              },
              {
                path: '/product/:slug/preview',
                lazy: async () => ({
                  Component: (await import('./pages/product-preview/ProductPreviewPage')).ProductPreviewPage,
                }),
              },
              {
                path: '/profile',
                lazy: async () => ({ Component: (await import('./pages/profile/ProfilePage')).ProfilePage }),
              },
              {
                path: '/discounts',
                lazy: async () => ({
                  Component: (await import('./pages/discounts/DiscountsPage')).DiscountsPage,
                }),
              },
              {
                path: '/inquiries',
                lazy: async () => ({
                  Component: (await import('./pages/inquiries/InquiriesPage')).InquiriesPage,
                }),
              },
              {
                path: '/inquiries/:id/quotes/:quoteId',
                lazy: async () => ({
                  Component: (await import('./pages/quote-builder/QuoteBuilderPage')).QuoteBuilderPage,
                }),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
