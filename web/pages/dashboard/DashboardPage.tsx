import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../../session/SessionContext';
import { NAV_ITEMS } from '../../shell/navItems';

const SECTIONS = NAV_ITEMS.filter((item) => item.path !== '/');

/** A simple start page; the spec leaves its content open (SPEC.md §2). */
export function DashboardPage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title="Dashboard"
        caption={
          user && (
            <>
              Welcome, <strong>{user.username}</strong>. You are signed in as an {user.role}.
            </>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {SECTIONS.map((item) => {
          const Icon = item.icon;
          return (
            <Card
              key={item.path}
              component={Link}
              to={item.path}
              withBorder
              radius="md"
              padding="lg"
              style={{ textDecoration: 'none' }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg" radius="md">
                    <Icon size={20} stroke={1.6} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{item.label}</Text>
                    <Text size="sm" c="dimmed">
                      {item.description}
                    </Text>
                  </div>
                </Group>
                <IconArrowRight size={16} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
}
