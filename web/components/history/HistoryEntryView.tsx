import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HistoryEntry } from '#domain/history';
import { type RefKind, useRefName } from '../../api/history';
import { formatDateTime } from '../format';
import { type DiffLine, type DiffValue, diffLines } from './diff';
import classes from './History.module.css';
import { ACTION_LABEL, HISTORY_SCREEN } from './texts';

const ACTION_COLOR: Record<string, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  trash: 'orange',
  restore: 'grape',
  purge: 'red',
  bulk: 'indigo',
  import: 'indigo',
  merge: 'grape',
};

export function ActionBadge({ action }: { action: string }) {
  return (
    <Badge variant="light" color={ACTION_COLOR[action] ?? 'gray'} radius="sm" style={{ flexShrink: 0 }}>
      {ACTION_LABEL[action] ?? action}
    </Badge>
  );
}

function RefName({ kind, id }: { kind: RefKind; id: number }) {
  const name = useRefName(kind, id);
  if (name.data) return <>{name.data}</>;
  return <>{name.isError ? `#${id} (deleted)` : `#${id}`}</>;
}

function Value({ value }: { value: DiffValue }) {
  return 'text' in value ? value.text : <RefName kind={value.ref} id={value.id} />;
}

function Line({ line, only }: { line: DiffLine; only: 'before' | 'after' | null }) {
  if (line.kind === 'section') {
    return (
      <>
        <span className={classes.label}>{line.label}</span>{' '}
        <span className={classes[line.change]}>{line.change}</span>
      </>
    );
  }
  if (line.kind === 'note') {
    return (
      <>
        <span className={classes.label}>{line.label}:</span> {line.text}
      </>
    );
  }
  // A creation has nothing before, a deletion nothing after: the one side is the whole story.
  if (only) {
    return (
      <>
        <span className={classes.label}>{line.label}:</span> <Value value={line[only]} />
      </>
    );
  }
  return (
    <>
      <span className={classes.label}>{line.label}:</span>{' '}
      <del className={classes.before}>
        <Value value={line.before} />
      </del>{' '}
      <span aria-hidden>→</span>
      <VisuallyHidden> to </VisuallyHidden>{' '}
      <ins className={classes.after}>
        <Value value={line.after} />
      </ins>
    </>
  );
}

/** The readable diff of one entry. */
export function ChangeList({ entry }: { entry: Pick<HistoryEntry, 'entity_type' | 'changes' | 'action'> }) {
  const lines = diffLines(entry);
  // Out of the trash, an entity comes back whole, as a creation does.
  const fromNothing = Object.values(entry.changes).every((c) => c.before === null || c.before === undefined);
  const only =
    entry.action === 'create' || (entry.action === 'restore' && fromNothing)
      ? 'after'
      : entry.action === 'delete' || entry.action === 'trash' || entry.action === 'purge'
        ? 'before'
        : null;
  if (lines.length === 0) return null;
  return (
    <ul className={classes.changes}>
      {lines.map((line) => (
        <li key={line.key}>
          <Line line={line} only={only} />
        </li>
      ))}
    </ul>
  );
}

export function authorOf(entry: Pick<HistoryEntry, 'actor_id' | 'actor_name'>): string {
  if (entry.actor_name) return entry.actor_name;
  return entry.actor_id === null ? HISTORY_SCREEN.system : HISTORY_SCREEN.someone;
}

/** Who and when, the action, and what changed; `title` and `actions` are the screen's own. */
export function HistoryEntryView({
  entry,
  title,
  actions,
}: {
  entry: HistoryEntry;
  title?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs" wrap="wrap" align="center">
          <ActionBadge action={entry.action} />
          {title}
          <Text size="sm">
            <strong>{authorOf(entry)}</strong>
            <Text span c="dimmed" size="sm">
              {' · '}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Text>
          </Text>
        </Group>
        {actions}
      </Group>
      <ChangeList entry={entry} />
    </Stack>
  );
}
