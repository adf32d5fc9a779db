import { Button, EmptyState, Grid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useDashboard } from '../../api/dashboard';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../../session/SessionContext';
import { usePermissions } from '../../session/usePermissions';
import { CatalogueHealth } from './CatalogueHealth';
import { InquiriesPerDay } from './InquiriesPerDay';
import { LatestChanges } from './LatestChanges';
import { LatestInquiries } from './LatestInquiries';
import { OrdersSummary } from './OrdersSummary';
import { Pipeline } from './Pipeline';
import { StatCards } from './StatCards';
import { DASHBOARD_TEXT } from './texts';
import { WaitingApprovals } from './WaitingApprovals';

/** Dashboard (/): texts.ts says what it shows. One call, GET /api/dashboard. */
export function DashboardPage() {
  const { user } = useSession();
  const { has, roleName } = usePermissions();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <>
      <PageHeader
        title="Dashboard"
        caption={
          user && (
            <>
              Welcome, <strong>{user.username}</strong>.{roleName && ` Your role: ${roleName}.`}
            </>
          )
        }
      />
      {dashboard.isError && !data ? (
        <EmptyState
          icon={<IconAlertTriangle size={28} aria-hidden />}
          variant="light"
          title={DASHBOARD_TEXT.errorTitle}
          description={DASHBOARD_TEXT.errorHint}
          py="xl"
        >
          <EmptyState.Actions>
            <Button
              variant="default"
              size="xs"
              onClick={() => dashboard.refetch()}
              loading={dashboard.isFetching}
            >
              {DASHBOARD_TEXT.retry}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <Stack gap="xl" aria-busy={!data}>
          <StatCards counts={data?.counts} />
          {has('quote.approve') && <WaitingApprovals />}
          {/* A server without the desk's figures leaves the card out rather than showing zeros. */}
          {(!data || data.pipeline) && <Pipeline pipeline={data?.pipeline} />}
          {(!data || data.orders) && <OrdersSummary orders={data?.orders} />}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <InquiriesPerDay days={data?.inquiries_per_day} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <LatestInquiries items={data?.latest_inquiries} />
            </Grid.Col>
          </Grid>
          <LatestChanges admin={has('user.manage')} />
          <CatalogueHealth health={data?.health} />
        </Stack>
      )}
    </>
  );
}
