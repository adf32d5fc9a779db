import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/queryClient';
import { router } from './router';
import { SessionProvider } from './session/SessionProvider';
import { AppToaster } from './shell/AppToaster';
import { colorSchemeManager } from './shell/colorScheme';
import { ErrorBannerProvider } from './shell/ErrorBannerProvider';
import { GlobalLoadingProvider } from './shell/GlobalLoadingProvider';
import { SettingsGate } from './shell/SettingsGate';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <ErrorBannerProvider>
          <GlobalLoadingProvider>
            <SessionProvider>
              <SettingsGate>
                <RouterProvider router={router} />
              </SettingsGate>
            </SessionProvider>
          </GlobalLoadingProvider>
        </ErrorBannerProvider>
        <AppToaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
