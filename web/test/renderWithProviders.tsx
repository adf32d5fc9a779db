import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { SessionProvider } from '../session/SessionProvider';
import { ErrorBannerProvider } from '../shell/ErrorBannerProvider';
import { GlobalLoadingProvider } from '../shell/GlobalLoadingProvider';
import { theme } from '../theme';

/** The app's providers around a memory router, as App.tsx stacks them. */
export function renderWithProviders(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <ErrorBannerProvider>
          <GlobalLoadingProvider>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </GlobalLoadingProvider>
        </ErrorBannerProvider>
        <Toaster />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router };
}
