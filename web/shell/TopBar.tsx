import { Anchor, Burger, Button, Group, Text } from '@mantine/core';
import { IconBuildingWarehouse, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../session/SessionContext';
import { useLogout } from '../session/useLogout';
import { PaletteButton } from './palette/PaletteButton';
import { ThemeToggle } from './ThemeToggle';

type Props = { navOpened: boolean; onToggleNav: () => void };

export function TopBar({ navOpened, onToggleNav }: Props) {
  const { user } = useSession();
  const logout = useLogout();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={navOpened}
          aria-controls="app-navigation"
        />
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <Group gap={6} wrap="nowrap">
            <IconBuildingWarehouse size={22} stroke={1.6} aria-hidden />
            <Text fw={700} size="lg">
              Stockroom
            </Text>
          </Group>
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <PaletteButton />
        {/* On phones the name moves into the menu (AppLayout) so Logout keeps its full width. */}
        <Text size="sm" c="dimmed" truncate maw={260} visibleFrom="xs" data-testid="current-user-name">
          {user?.username}
        </Text>
        <ThemeToggle />
        <Button
          variant="default"
          size="xs"
          style={{ flexShrink: 0 }}
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => logout()}
        >
          Logout
        </Button>
      </Group>
    </Group>
  );
}
