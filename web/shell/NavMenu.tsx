import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePermissions } from '../session/usePermissions';
import { isNavItemActive, navItemsFor } from './navItems';

/** The sidebar's entries; `onNavigate` lets the phone menu close itself after a choice. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { has } = usePermissions();
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {navItemsFor(has).map((item) => {
        const active = isNavItemActive(item, pathname);
        const Icon = item.icon;
        return (
          <li key={item.path}>
            <NavLink
              component={Link}
              to={item.path}
              label={item.label}
              leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
              active={active}
              aria-current={active ? 'page' : undefined}
              variant="light"
              onClick={onNavigate}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            />
          </li>
        );
      })}
    </Stack>
  );
}
