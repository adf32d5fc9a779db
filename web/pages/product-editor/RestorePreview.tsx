import { Alert, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { HISTORY_FALLBACK } from '#domain/history';
import { errorMessage } from '../../api/errors';
import type { useRestorePreview } from '../../api/history';
import { formatDateTime } from '../../components/format';
import classes from '../../components/history/History.module.css';
import { authorOf, ChangeList } from '../../components/history/HistoryEntryView';
import { HISTORY_SCREEN } from '../../components/history/texts';

type Preview = ReturnType<typeof useRestorePreview>;

/**
 * The restore confirmation's account of what it would do: the later changes it undoes, each as
 * its diff with who and when, and what it could not bring back.
 */
export function RestorePreview({ preview }: { preview: Preview }) {
  if (preview.isPending) {
    return (
      <Group gap="xs" mt="md" aria-busy="true">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {HISTORY_SCREEN.restoreChecking}
        </Text>
      </Group>
    );
  }
  if (preview.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} mt="md" role="alert">
        {errorMessage(preview.error, HISTORY_FALLBACK.restorePreview)}
      </Alert>
    );
  }
  const { later, later_total: total, skipped } = preview.data;
  return (
    <Stack gap="sm" mt="md" data-testid="restore-preview">
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {HISTORY_SCREEN.restoreUndoesNothing}
        </Text>
      ) : (
        <div>
          <Text size="sm" fw={600} id="restore-undoes">
            {HISTORY_SCREEN.restoreUndoes(total)}
          </Text>
          <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
            <ul className={classes.entries} aria-labelledby="restore-undoes">
              {later.map((entry) => (
                <li key={entry.id} data-testid="undone-change">
                  <Text size="xs" c="dimmed" mb={2}>
                    <Text span size="xs" fw={600} c="var(--mantine-color-text)">
                      {authorOf(entry)}
                    </Text>
                    {' · '}
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </Text>
                  <ChangeList entry={entry} />
                </li>
              ))}
            </ul>
          </ScrollArea.Autosize>
          {total > later.length && (
            <Text size="sm" c="dimmed">
              {HISTORY_SCREEN.restoreMore(total - later.length)}
            </Text>
          )}
        </div>
      )}
      {skipped.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={HISTORY_SCREEN.restoreWillSkip}
        >
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {skipped.map((s) => (
              <li key={s.field}>{s.message}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Stack>
  );
}
