import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { QUOTE_APPROVAL_SCREEN as T } from '#domain/quote-approval';
import { usePendingApprovals } from '../../api/quote-approval';
import { formatCount } from '../../components/format';
import { DashboardCard } from './DashboardCard';

/** For approvers: how many draft quotes wait for a decision, opening the desk filtered to them. */
export function WaitingApprovals() {
  const pending = usePendingApprovals(true);
  const n = pending.data;
  return (
    <DashboardCard title={T.waitingCount} caption={T.waitingCaption}>
      <Text size="xl" fw={700} data-testid="waiting-approvals">
        {n === undefined ? '—' : formatCount(n)}
      </Text>
      <Anchor component={Link} to="/inquiries?approval=pending" size="sm">
        {T.waitingFilter}
      </Anchor>
    </DashboardCard>
  );
}
