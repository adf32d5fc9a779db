import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { DESK_TEXT, NOTE_MAX_LENGTH } from '#domain/inquiries';
import { authorName, type StaffNote } from '#domain/notes';
import { DESK_SCREEN } from '#domain/quote-texts';
import { formatDateTime } from '../format';
import classes from './Desk.module.css';

/** A pane section's small heading, the same on a request's desk and an order's. */
export function SectionTitle({ id, children }: { id?: string; children: string }) {
  return (
    <Title order={3} size="h6" id={id} tt="uppercase" c="dimmed" fw={600} mb={6}>
      {children}
    </Title>
  );
}

type Note = Pick<StaffNote, 'id' | 'body' | 'created_at' | 'author' | 'token'>;

type NotesProps = {
  title: string;
  /** Newest first. */
  notes: readonly Note[];
  /** Posts a note; absent for a role that only reads. */
  add?: UseMutationResult<void, Error, string>;
  testId: string;
};

/** Staff's notes on a request or an order: the form (Ctrl+Enter sends) and the timeline. */
export function NotesSection({ title, notes, add, testId }: NotesProps) {
  const titleId = useId();
  const [body, setBody] = useState('');
  const send = () => {
    if (!add) return;
    if (!body.trim()) {
      toast.error(DESK_TEXT.noteRequired, { id: DESK_TEXT.noteRequired });
      return;
    }
    add.mutate(body, {
      onSuccess: () => {
        setBody('');
        toast.success(DESK_SCREEN.noteAdded);
      },
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      send();
    }
  };
  return (
    <section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{title}</SectionTitle>
      {add && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <Stack gap={6} mb="sm">
            <Textarea
              aria-label={DESK_SCREEN.addNote}
              placeholder={DESK_SCREEN.notePlaceholder}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={NOTE_MAX_LENGTH}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={add.isPending}>
                {DESK_SCREEN.addNote}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {DESK_SCREEN.noNotes}
        </Text>
      ) : (
        <ul className={classes.timeline} data-testid={testId}>
          {notes.map((n) => (
            <li key={n.id}>
              <Text size="xs" c="dimmed">
                <strong>{authorName(n.author, n.token) ?? '—'}</strong> ·{' '}
                <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
              </Text>
              <Text size="sm" className={classes.message}>
                {n.body}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
