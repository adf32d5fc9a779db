import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { FullPageLoader } from './shell/FullPageLoader';
import { GuestOnly } from './shell/GuestOnly';
import { RequireAuth } from './shell/RequireAuth';
import { RootRoute } from './shell/RootRoute';
import { RouteError } from './shell/RouteError';

// Screens load on demand, and so does the signed-in shell (AppLayout: app shell, navigation, scroll
// area and what they pull in), so the login route's first load carries neither (its budget: bench/web/bundle-budget.mjs).
export const router = createBrowserRouter([
  {
    hydrateFallbackElement: <FullPageLoader />,
    // Sets each screen's tab title from its `handle.title` (shell/useDocumentTitle.ts).
    Component: RootRoute,
    // A screen whose code cannot load (offline, or a new release) or that throws: never the
    // router's developer page.
    errorElement: <RouteError />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            path: '/login',
            handle: { title: 'Sign in' },
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
      // The buyer portal: public like the quote page, with its own sign-in and its own token.
      {
        path: '/account',
        lazy: async () => ({ Component: (await import('./pages/account/AccountPage')).AccountPage }),
      },
      {
        path: '/account/login',
        lazy: async () => ({
          Component: (await import('./pages/account/AccountLoginPage')).AccountLoginPage,
        }),
      },
      {
        path: '/account/quotes/:id',
        lazy: async () => ({
          Component: (await import('./pages/account/AccountQuotePage')).AccountQuotePage,
        }),
      },
      {
        path: '/account/orders/:id',
        lazy: async () => ({
          Component: (await import('./pages/account/AccountOrderPage')).AccountOrderPage,
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
                handle: { title: 'Dashboard' },
                lazy: async () => ({
                  Component: (await import('./pages/dashboard/DashboardPage')).DashboardPage,
                }),
              },
              {
                path: '/users',
                handle: { title: 'Users' },
                lazy: async () => ({ Component: (await import('./pages/users/UsersPage')).UsersPage }),
              },
              {
                path: '/categories',
                handle: { title: 'Product Categories' },
                lazy: async () => ({
                  Component: (await import('./pages/categories/CategoriesPage')).CategoriesPage,
                }),
              },
              {
                path: '/brands',
                handle: { title: 'Brands' },
                lazy: async () => ({ Component: (await import('./pages/brands/BrandsPage')).BrandsPage }),
              },
              {
                path: '/products',
                handle: { title: 'Products' },
                lazy: async () => ({
                  Component: (await import('./pages/products/ProductsPage')).ProductsPage,
                }),
              },
              {
                path: '/product/:slug',
                handle: { title: 'Product' },
                lazy: async () => ({
                  Component: (await import('./pages/product-editor/ProductEditorPage')).ProductEditorPage,
                }),
              },
              {
                path: '/product/:slug/preview',
                handle: { title: 'Product preview' },
                lazy: async () => ({
                  Component: (await import('./pages/product-preview/ProductPreviewPage')).ProductPreviewPage,
                }),
              },
              {
                path: '/profile',
                handle: { title: 'My Profile' },
                lazy: async () => ({ Component: (await import('./pages/profile/ProfilePage')).ProfilePage }),
              },
              {
                path: '/discounts',
                handle: { title: 'Discounts' },
                lazy: async () => ({
                  Component: (await import('./pages/discounts/DiscountsPage')).DiscountsPage,
                }),
              },
              {
                path: '/price-lists',
                handle: { title: 'Price lists' },
                lazy: async () => ({
                  Component: (await import('./pages/price-lists/PriceListsPage')).PriceListsPage,
                }),
              },
              {
                path: '/price-lists/:id',
                handle: { title: 'Price list' },
                lazy: async () => ({
                  Component: (await import('./pages/price-lists/PriceListPage')).PriceListPage,
                }),
              },
              {
                path: '/inquiries',
                handle: { title: 'Inquiries' },
                lazy: async () => ({
                  Component: (await import('./pages/inquiries/InquiriesPage')).InquiriesPage,
                }),
              },
              {
                path: '/orders',
                handle: { title: 'Orders' },
                lazy: async () => ({
                  Component: (await import('./pages/orders/OrdersPage')).OrdersPage,
                }),
              },
              {
                path: '/customers',
                handle: { title: 'Customers' },
                lazy: async () => ({
                  Component: (await import('./pages/customers/CustomersPage')).CustomersPage,
                }),
              },
              {
                path: '/companies',
                handle: { title: 'Companies' },
                lazy: async () => ({
                  Component: (await import('./pages/customers/CompaniesPage')).CompaniesPage,
                }),
              },
              {
                path: '/activity',
                handle: { title: 'Activity' },
                lazy: async () => ({
                  Component: (await import('./pages/activity/ActivityPage')).ActivityPage,
                }),
              },
              {
                path: '/outbox',
                handle: { title: 'Outbox' },
                lazy: async () => ({ Component: (await import('./pages/outbox/OutboxPage')).OutboxPage }),
              },
              {
                path: '/outbox/:id',
                handle: { title: 'Message' },
                lazy: async () => ({
                  Component: (await import('./pages/outbox/OutboxMessagePage')).OutboxMessagePage,
                }),
              },
              {
                path: '/settings/integrations',
                handle: { title: 'Integrations' },
                lazy: async () => ({
                  Component: (await import('./pages/integrations/IntegrationsPage')).IntegrationsPage,
                }),
              },
              {
                path: '/trash',
                handle: { title: 'Trash' },
                lazy: async () => ({ Component: (await import('./pages/trash/TrashPage')).TrashPage }),
              },
              {
                path: '/inquiries/:id/quotes/:quoteId',
                handle: { title: 'Quote' },
                lazy: async () => ({
                  Component: (await import('./pages/quote-builder/QuoteBuilderPage')).QuoteBuilderPage,
                }),
              },
              { path: '*', handle: { title: 'Page not found' }, element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
