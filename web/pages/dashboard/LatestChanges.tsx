import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HISTORY_LIMITS, HISTORY_TEXT } from '#domain/history';
import { useLatestChanges } from '../../api/history';
import { formatDateTime } from '../../components/format';
import { diffLines } from '../../components/history/diff';
import { EntityTitle } from '../../components/history/EntityTitle';
import { ActionBadge, authorOf } from '../../components/history/HistoryEntryView';
import { HISTORY_SCREEN } from '../../components/history/texts';
import { SkeletonLines } from '../../components/SkeletonLines';
import classes from './Dashboard.module.css';
import { DashboardCard } from './DashboardCard';

/** The newest entries of the change log: what, who and when, and which fields. */
export function LatestChanges({ admin }: { admin: boolean }) {
  const latest = useLatestChanges();
  // Without the log (a refusal, a failure) the dashboard simply goes without the card.
  if (latest.isError) return null;
  const items = latest.data?.data;
  return (
    <DashboardCard
      title={HISTORY_TEXT.latestChanges}
      action={
        admin && (
          <Anchor component={Link} to="/activity" size="sm" style={{ whiteSpace: 'nowrap' }}>
            <Group gap={4} wrap="nowrap">
              {HISTORY_SCREEN.openAll}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        )
      }
    >
      {!items ? (
        <SkeletonLines rows={HISTORY_LIMITS.latestLimit / 2} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          {HISTORY_SCREEN.latestEmpty}
        </Text>
      ) : (
        <ul className={classes.list} data-testid="latest-changes">
          {items.map((entry) => {
            const fields = [...new Set(diffLines(entry).map((l) => l.label.split(' “')[0]))];
            return (
              <li key={entry.id} className={classes.entry}>
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <ActionBadge action={entry.action} />
                  <Text size="sm" truncate>
                    <EntityTitle entry={entry} />
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="sm" align="baseline" mt={2}>
                  <Text size="sm" c="dimmed" truncate>
                    {authorOf(entry)}
                    {entry.action === 'update' && fields.length > 0 && ` · ${fields.join(', ')}`}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </Text>
                </Group>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardCard>
  );
}
