import { Card, SimpleGrid, Skeleton, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Dashboard } from '#domain/dashboard';
import { formatCount } from '../../components/format';
import { NAV_ITEMS } from '../../shell/navItems';
import classes from './Dashboard.module.css';
import { DASHBOARD_TEXT } from './texts';

type Stat = { label: string; path: string; value: (counts: Dashboard['counts']) => number };

const STATS: readonly Stat[] = [
  { label: 'Products', path: '/products', value: (c) => c.products },
  { label: 'Categories', path: '/categories', value: (c) => c.categories },
  { label: 'Brands', path: '/brands', value: (c) => c.brands },
  { label: 'Active discounts', path: '/discounts', value: (c) => c.active_discounts },
  { label: 'Inquiries', path: '/inquiries', value: (c) => c.inquiries },
];

const iconFor = (path: string) => NAV_ITEMS.find((item) => item.path === path)?.icon;

const GRID = { base: 1, sm: 3, lg: 5 } as const;

/** One card per count, each a link to the screen that manages it. */
export function StatCards({ counts }: { counts: Dashboard['counts'] | undefined }) {
  return (
    <section aria-labelledby="dashboard-overview">
      <VisuallyHidden>
        <Title order={2} id="dashboard-overview">
          {DASHBOARD_TEXT.overview}
        </Title>
      </VisuallyHidden>
      <SimpleGrid cols={GRID} spacing={{ base: 'xs', sm: 'md' }}>
        {STATS.map((stat) => {
          const Icon = iconFor(stat.path);
          const withNote = stat.path === '/inquiries';
          return (
            <Card
              key={stat.path}
              component={Link}
              to={stat.path}
              withBorder
              radius="md"
              padding="md"
              py={{ base: 'sm', sm: 'md' }}
              className={classes.statCard}
            >
              <Text size="sm" c="dimmed" fw={500} className={classes.statLabel}>
                {stat.label}
              </Text>
              {Icon && (
                <ThemeIcon variant="light" size="md" radius="md" aria-hidden className={classes.statIcon}>
                  <Icon size={16} stroke={1.7} />
                </ThemeIcon>
              )}
              {counts ? (
                <Text fz={28} fw={700} lh={1.2} className={classes.statValue}>
                  {formatCount(stat.value(counts))}
                </Text>
              ) : (
                <Skeleton height={28} width={56} my={2} radius="sm" className={classes.statValue} />
              )}
              {withNote &&
                (counts ? (
                  <Text
                    size="xs"
                    c={counts.inquiries_last_7_days > 0 ? 'teal' : 'dimmed'}
                    fw={500}
                    className={classes.statNote}
                  >
                    {DASHBOARD_TEXT.recentInquiries(counts.inquiries_last_7_days)}
                  </Text>
                ) : (
                  <Skeleton height={10} width={110} my={4} radius="sm" className={classes.statNote} />
                ))}
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
