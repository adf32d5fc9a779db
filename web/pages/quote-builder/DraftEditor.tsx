import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { InquiryDetail } from '#domain/inquiries';
import { CONFIRM } from '#domain/messages';
import { PERMISSION_TEXT } from '#domain/permissions';
import { DESK_SCREEN, BUILDER_TEXT as T } from '#domain/quote-texts';
import type { Quote } from '#domain/quotes';
import { formatCents } from '../../api/currency';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { UnsavedChangesPrompt } from '../../components/DiscardChangesDialog';
import { usePermissions } from '../../session/usePermissions';
import { ApprovalPanel, AskDialog } from './ApprovalPanel';
import { DraftLines } from './DraftLines';
import { DraftSummary } from './DraftSummary';
import { DraftTerms } from './DraftTerms';
import classes from './QuoteBuilder.module.css';
import { type QuoteDraft, useQuoteDraft } from './useQuoteDraft';

/** A draft quote to price and send. */
export function DraftEditor({ quote, inquiry }: { quote: Quote; inquiry: InquiryDetail }) {
  const editor = useQuoteDraft(quote, inquiry);
  const mayEdit = usePermissions().has('quote.edit');
  // A role that reads requests but cannot edit quotes sees the draft as it is, every field and
  // button disabled (the server refuses its writes anyway), with the reason.
  if (!mayEdit)
    return (
      <Stack gap="md">
        <Alert color="gray" data-testid="draft-read-only">
          {PERMISSION_TEXT.readOnlyQuote}
        </Alert>
        <fieldset disabled className={classes.readOnly}>
          <Stack gap="md">
            <DraftLines editor={editor} />
            <DraftTerms editor={editor} />
          </Stack>
        </fieldset>
      </Stack>
    );
  return (
    // Room below Save and Send, so a toast in the corner never covers them.
    <Stack gap="md" pb={96}>
      <UnsavedChangesPrompt guard={editor.leave} />
      <ApprovalPanel quote={quote} editor={editor} />
      <DraftLines editor={editor} />
      <DraftTerms editor={editor} />
      <DraftSummary editor={editor} quote={quote} />
      <SendDialog editor={editor} email={inquiry.email} />
      <AskDialog editor={editor} />
      <ConfirmDialog
        opened={editor.confirmingDelete}
        title={T.deleteConfirm}
        message={CONFIRM.deleteQuoteDraft}
        busy={editor.deleting}
        onConfirm={editor.onDelete}
        onClose={() => editor.setConfirmingDelete(false)}
      />
    </Stack>
  );
}

/** Send asks first, naming who gets the quote and its total. */
function SendDialog({ editor, email }: { editor: QuoteDraft; email: string }) {
  const { busy, totals } = editor;
  const close = () => editor.setConfirming(false);
  return (
    <Modal opened={editor.confirming} onClose={() => !busy && close()} title={T.sendTitle} centered>
      <Stack gap="md">
        <Text>{T.sendBody(email, totals ? formatCents(totals.total) : '—')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {DESK_SCREEN.cancel}
          </Button>
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={editor.onSend} loading={busy}>
            {T.send}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
