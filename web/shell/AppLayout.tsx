import { AppShell, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useSession } from '../session/SessionContext';
import classes from './AppLayout.module.css';
import { ErrorBanner } from './ErrorBanner';
import { NavMenu } from './NavMenu';
import { CommandPalette } from './palette/CommandPalette';
import { ScreenGate } from './ScreenGate';
import { SkipLink } from './SkipLink';
import { KeyboardShortcuts } from './shortcuts/KeyboardShortcuts';
import { TopBar } from './TopBar';

/** Every signed-in page: top bar, sidebar on desktop, the same menu behind a burger on phones. */
export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const { user } = useSession();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink targetId="main-content" />
      <AppShell.Header>
        <TopBar navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar
        id="app-navigation"
        p="sm"
        aria-label="Main navigation"
        className={classes.navbar}
        mod={{ 'mobile-closed': !navOpened }}
      >
        <AppShell.Section hiddenFrom="xs" mb="sm" px="xs">
          <Text size="sm" c="dimmed">
            Signed in as <strong>{user?.username}</strong>
          </Text>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <NavMenu onNavigate={nav.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <ErrorBanner />
        <ScreenGate>
          <Outlet />
        </ScreenGate>
      </AppShell.Main>
      <CommandPalette />
      <KeyboardShortcuts />
    </AppShell>
  );
}
