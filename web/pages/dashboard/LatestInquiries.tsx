import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DASHBOARD, type Dashboard } from '#domain/dashboard';
import { inquiryTime } from '#domain/inquiries';
import { SkeletonLines } from '../../components/SkeletonLines';
import classes from './Dashboard.module.css';
import { DashboardCard } from './DashboardCard';
import { DASHBOARD_TEXT } from './texts';

/** The newest quote requests, each opening the inbox. */
export function LatestInquiries({ items }: { items: Dashboard['latest_inquiries'] | undefined }) {
  return (
    <DashboardCard
      title={DASHBOARD_TEXT.latestInquiries}
      action={
        <Anchor component={Link} to="/inquiries" size="sm" style={{ whiteSpace: 'nowrap' }}>
          <Group gap={4} wrap="nowrap">
            {DASHBOARD_TEXT.openInbox}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      }
    >
      {!items ? (
        <SkeletonLines rows={DASHBOARD.listSize} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          {DASHBOARD_TEXT.noInquiries}
        </Text>
      ) : (
        <ul className={classes.list}>
          {items.map((inquiry) => (
            <li key={inquiry.id}>
              <Link to={`/inquiries?selected=${inquiry.id}`} className={classes.entry}>
                <Group justify="space-between" wrap="nowrap" gap="sm" align="baseline">
                  <Text size="sm" className={classes.entryTitle} truncate>
                    {inquiry.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={inquiry.created_at}>{inquiryTime(inquiry.created_at)}</time>
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {inquiry.subject}
                </Text>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
