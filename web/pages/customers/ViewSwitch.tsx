import { Button, Group } from '@mantine/core';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COMPANY_SCREEN, CUSTOMER_SCREEN as T } from './texts';

const VIEWS = [
  { path: '/customers', label: T.title, icon: IconUser },
  { path: '/companies', label: COMPANY_SCREEN.title, icon: IconBuilding },
] as const;

/** People or companies: two screens of one nav entry, each its own address. */
export function ViewSwitch({ current }: { current: '/customers' | '/companies' }) {
  return (
    <Group component="nav" aria-label={T.views} gap={4} mb="md">
      {VIEWS.map((view) => (
        <Button
          key={view.path}
          component={Link}
          to={view.path}
          size="compact-md"
          variant={view.path === current ? 'light' : 'subtle'}
          color={view.path === current ? undefined : 'gray'}
          aria-current={view.path === current ? 'page' : undefined}
          leftSection={<view.icon size={16} aria-hidden />}
        >
          {view.label}
        </Button>
      ))}
    </Group>
  );
}
