import { Button, Group, Paper, Text } from '@mantine/core';
import { IconSend, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QUOTE_APPROVAL_SCREEN as APPROVAL_TEXT } from '#domain/quote-approval';
import { BUILDER_TEXT as T } from '#domain/quote-texts';
import type { Quote } from '#domain/quotes';
import { formatCents } from '../../api/currency';
import { useSendMode } from './ApprovalPanel';
import classes from './QuoteBuilder.module.css';
import { SaveDraftAsTemplate } from './QuoteReuse';
import type { QuoteDraft } from './useQuoteDraft';

/** The draft's totals, and what can be done with it: delete, save, send. */
export function DraftSummary({ editor, quote }: { editor: QuoteDraft; quote: Quote }) {
  const { totals, busy } = editor;
  const mode = useSendMode(quote, editor);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <dl className={classes.totals} data-testid="builder-totals">
        <TotalLine label={T.subtotal}>{totals ? formatCents(totals.subtotal) : '—'}</TotalLine>
        <TotalLine label={T.shipping}>{totals ? formatCents(totals.shipping) : '—'}</TotalLine>
        <TotalLine label={T.tax}>{totals ? formatCents(totals.tax) : '—'}</TotalLine>
        <TotalLine label={T.total} strong>
          <span data-testid="builder-total">{totals ? formatCents(totals.total) : '—'}</span>
        </TotalLine>
      </dl>
      <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => editor.setConfirmingDelete(true)}
          loading={editor.deleting}
        >
          {T.deleteDraft}
        </Button>
        <Group gap="sm">
          <SaveDraftAsTemplate quote={quote} dirty={editor.dirty} />
          <Button
            variant="default"
            onClick={editor.onSave}
            loading={editor.saving && !editor.confirming}
            disabled={busy}
          >
            {T.save}
          </Button>
          {mode === 'send' ? (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => editor.setConfirming(true)}
              disabled={busy || editor.draft.lines.length === 0 || !totals}
            >
              {T.send}
            </Button>
          ) : (
            <Button
              color="orange"
              leftSection={<IconShieldCheck size={16} aria-hidden />}
              onClick={() => editor.setAsking(true)}
              disabled={mode === 'waiting' || busy || !totals}
            >
              {mode === 'waiting' ? APPROVAL_TEXT.waiting : APPROVAL_TEXT.ask}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function TotalLine({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={classes.totalLine}>
      <dt>
        <Text size="sm" fw={strong ? 700 : 500}>
          {label}
        </Text>
      </dt>
      <dd>
        <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500}>
          {children}
        </Text>
      </dd>
    </div>
  );
}
