import { Alert, Badge, Button, Card, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { HISTORY_TEXT, type HistoryEntry, type SkippedField } from '#domain/history';
import { useEntityHistory, useRestorePreview, useRestoreVersion } from '../../api/history';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import classes from '../../components/history/History.module.css';
import { HistoryEntryView } from '../../components/history/HistoryEntryView';
import { HISTORY_SCREEN } from '../../components/history/texts';
import { SkeletonLines } from '../../components/SkeletonLines';
import { usePermissions } from '../../session/usePermissions';
import { RestorePreview } from './RestorePreview';

/** Entries whose version can be brought back: the product as a creation, an edit or a restore left it. */
const restorable = (entry: HistoryEntry) =>
  entry.entity_id !== null &&
  (entry.action === 'create' || entry.action === 'update' || entry.action === 'restore');

type Props = { productId: number; slug: string; active: boolean };

/** The editor's History tab: the product's changes, newest first, each restorable. */
export function HistoryPanel({ productId, slug, active }: Props) {
  const history = useEntityHistory('product', productId, active);
  const restore = useRestoreVersion();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<HistoryEntry | null>(null);
  const [skipped, setSkipped] = useState<SkippedField[]>([]);
  const preview = useRestorePreview(confirming?.id ?? null);
  // Bringing a version back is an edit of the product: it needs both rights (the server may ask more).
  const { has } = usePermissions();
  const mayRestore = has('history.restore') && has('product.edit');

  const onRestore = () => {
    if (!confirming) return;
    restore.mutate(confirming.id, {
      onSuccess: (result) => {
        setConfirming(null);
        setSkipped(result.skipped);
        if (result.data) toast.success(HISTORY_TEXT.restoredVersion);
        else toast(HISTORY_SCREEN.nothingChanged);
        // A restored slug moves the product: the editor follows it.
        const newSlug = result.data?.changes.slug?.after;
        if (typeof newSlug === 'string' && newSlug !== slug) {
          navigate(`/product/${encodeURIComponent(newSlug)}?tab=history`, { replace: true });
        }
      },
    });
  };

  const entries = history.data?.pages.flatMap((p) => p.data) ?? [];
  let body: React.ReactNode;
  if (history.isPending) {
    body = (
      <div aria-busy="true">
        <SkeletonLines rows={4} />
      </div>
    );
  } else if (history.isError && entries.length === 0) {
    body = (
      <Stack align="center" gap="xs" py="lg">
        <IconAlertTriangle size={28} aria-hidden />
        <Text>{HISTORY_SCREEN.historyError}</Text>
        <Button variant="default" size="xs" onClick={() => history.refetch()} loading={history.isFetching}>
          {HISTORY_SCREEN.retry}
        </Button>
      </Stack>
    );
  } else if (entries.length === 0) {
    body = (
      <Stack align="center" gap="xs" py="lg">
        <IconHistory size={28} aria-hidden />
        <Text c="dimmed">{HISTORY_TEXT.noHistory}</Text>
      </Stack>
    );
  } else {
    body = (
      <>
        <ul className={classes.entries} aria-label={HISTORY_TEXT.historyTab}>
          {entries.map((entry, index) => (
            <li key={entry.id} data-testid="history-entry">
              <HistoryEntryView
                entry={entry}
                actions={
                  // The newest entry's version is the product as it is: nothing to bring back.
                  index === 0 ? (
                    <Badge variant="outline" color="gray" radius="sm">
                      {HISTORY_SCREEN.currentVersion}
                    </Badge>
                  ) : (
                    mayRestore &&
                    restorable(entry) && (
                      <Button size="xs" variant="default" onClick={() => setConfirming(entry)}>
                        {HISTORY_TEXT.restoreVersion}
                      </Button>
                    )
                  )
                }
              />
            </li>
          ))}
        </ul>
        {history.hasNextPage && (
          <Center mt="sm">
            <Button
              variant="default"
              size="sm"
              onClick={() => history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              {HISTORY_SCREEN.loadMore}
            </Button>
          </Center>
        )}
        {history.isFetching && !history.isFetchingNextPage && (
          <Center mt="xs">
            <Loader size="xs" aria-label="Refreshing" />
          </Center>
        )}
      </>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      {skipped.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={HISTORY_SCREEN.notRestored}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setSkipped([])}
          mb="md"
          role="status"
        >
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {skipped.map((s) => (
              <li key={s.field}>{s.message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {body}
      <ConfirmDialog
        opened={confirming !== null}
        title={HISTORY_SCREEN.restoreConfirmTitle}
        message={HISTORY_SCREEN.restoreConfirmText}
        confirmLabel={HISTORY_SCREEN.restoreConfirm}
        busy={restore.isPending}
        confirmDisabled={!preview.isSuccess}
        onConfirm={onRestore}
        onClose={() => setConfirming(null)}
      >
        <RestorePreview preview={preview} />
      </ConfirmDialog>
    </Card>
  );
}
