import { Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Desk.module.css';

type Props<T extends { id: number }> = {
  label: string;
  items: readonly T[] | undefined;
  loading: boolean;
  failed: boolean;
  failedText: string;
  emptyText: string;
  selectedId: number | null;
  onSelect: (item: T) => void;
  /** The entry's lines, inside its button. */
  renderEntry: (item: T) => ReactNode;
  entryTestId?: string;
};

/** A desk's left list (requests, orders): one button per entry, the chosen one marked current. */
export function EntryList<T extends { id: number }>(props: Props<T>) {
  const { label, items, loading, failed, failedText, emptyText, selectedId, onSelect, renderEntry } = props;
  if (!items) {
    if (loading) {
      return (
        <Stack gap="xs" aria-hidden>
          {[1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={58} radius="md" />
          ))}
        </Stack>
      );
    }
    return <Empty text={failed ? failedText : emptyText} />;
  }
  if (items.length === 0) return <Empty text={emptyText} />;
  return (
    <Paper
      component="ul"
      withBorder
      radius="md"
      aria-label={label}
      aria-busy={loading}
      className={classes.list}
      // The previous page stays visible, dimmed, while the next one loads.
      style={{ opacity: loading ? 0.6 : 1 }}
    >
      {items.map((item) => (
        <li key={item.id}>
          <UnstyledButton
            className={classes.entry}
            aria-current={item.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(item)}
            data-testid={props.entryTestId}
          >
            {renderEntry(item)}
          </UnstyledButton>
        </li>
      ))}
    </Paper>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" py="xl">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
    </Paper>
  );
}
