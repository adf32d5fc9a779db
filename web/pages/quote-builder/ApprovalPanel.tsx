import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconHourglass, IconShieldCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  type ApprovalReason,
  QUOTE_APPROVAL_LIMITS,
  type QuoteApprovalRules,
  QUOTE_APPROVAL_SCREEN as T,
} from '#domain/quote-approval';
import type { Quote } from '#domain/quotes';
import { formatPrice } from '../../api/currency';
import { useMe } from '../../api/me';
import { useApproveQuote, useRejectQuote } from '../../api/quote-approval';
import { usePermissions } from '../../session/usePermissions';
import type { QuoteDraft } from './useQuoteDraft';

/** What the builder's main button does: send, ask for approval, or wait for the approver. */
export type SendMode = 'send' | 'ask' | 'waiting';

/**
 * A sender who may approve sends; anyone else sends a draft that breaks no rule as typed, or one
 * approved and unchanged since. A pending request, unchanged, waits; any change asks again.
 */
export function useSendMode(quote: Quote, editor: QuoteDraft): SendMode {
  const mayApprove = usePermissions().has('quote.approve');
  if (mayApprove || editor.reasons.length === 0) return 'send';
  const status = quote.approval.status;
  if (!editor.dirty && status === 'approved') return 'send';
  if (!editor.dirty && status === 'pending') return 'waiting';
  return 'ask';
}

/** What a reason says, as the builder and the approver read it. */
function reasonText(reason: ApprovalReason, rules: QuoteApprovalRules) {
  return reason.rule === 'max_total'
    ? T.totalOver(formatPrice(rules.max_total ?? 0))
    : T.lineOver(reason.value, rules.max_discount_percent ?? 0);
}

/**
 * Above the lines: where the approval stands, with the requester's note and the approver's
 * answer, and Approve and Reject for an approver other than the one who asked.
 */
export function ApprovalPanel({ quote, editor }: { quote: Quote; editor: QuoteDraft }) {
  const { approval } = quote;
  const live = editor.reasons;
  const status = approval.status;
  if (live.length === 0 && (status === 'not_required' || status === 'required')) return null;
  const name = (who: { name: string } | null) => who?.name ?? T.someone;
  const [title, color, icon] =
    status === 'pending'
      ? [T.pendingBy(name(approval.requested_by)), 'yellow', <IconHourglass key="i" size={18} aria-hidden />]
      : status === 'approved'
        ? [T.approvedBy(name(approval.decided_by)), 'green', <IconCheck key="i" size={18} aria-hidden />]
        : status === 'rejected'
          ? [T.rejectedBy(name(approval.decided_by)), 'red', <IconX key="i" size={18} aria-hidden />]
          : [T.needsApproval, 'orange', <IconShieldCheck key="i" size={18} aria-hidden />];
  return (
    <Alert color={color} title={title} icon={icon} data-testid="approval-panel" data-status={status}>
      <Stack gap={6}>
        {live.length > 0 && (
          <List size="sm" data-testid="approval-reasons">
            {live.map((r) => (
              <List.Item key={`${r.rule}-${r.line}`}>
                {r.line === null
                  ? reasonText(r, approval.rules)
                  : `#${r.line}: ${reasonText(r, approval.rules)}`}
              </List.Item>
            ))}
          </List>
        )}
        {approval.note && (
          <Text size="sm" data-testid="approval-note">
            <strong>{T.theirNote}:</strong> {approval.note}
          </Text>
        )}
        {approval.reply && (
          <Text size="sm" data-testid="approval-reply">
            <strong>{T.reply}:</strong> {approval.reply}
          </Text>
        )}
        {(status === 'approved' || status === 'rejected' || status === 'pending') && editor.dirty && (
          <Text size="xs" c="dimmed">
            {T.willVoid}
          </Text>
        )}
        {status === 'pending' && <Decide quote={quote} />}
      </Stack>
    </Alert>
  );
}

/** Approve (a note optional) or Reject (a reason), for an approver who did not ask. */
function Decide({ quote }: { quote: Quote }) {
  const mayApprove = usePermissions().has('quote.approve');
  const me = useMe().data;
  const approve = useApproveQuote(quote.id);
  const reject = useRejectQuote(quote.id);
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [text, setText] = useState('');
  if (!mayApprove) return null;
  if (me && quote.approval.requested_by?.id === me.id)
    return (
      <Text size="sm" c="dimmed">
        {T.ownRequest}
      </Text>
    );
  const busy = approve.isPending || reject.isPending;
  const close = () => {
    if (busy) return;
    setOpen(null);
    setText('');
  };
  const confirm = async () => {
    try {
      if (open === 'approve') {
        await approve.mutateAsync(text);
        toast.success(T.approved);
      } else {
        await reject.mutateAsync(text.trim());
        toast.success(T.rejected);
      }
      setOpen(null);
      setText('');
    } catch {
      // The mutation's toast says why.
    }
  };
  return (
    <>
      <Group gap="sm">
        <Button
          size="xs"
          color="green"
          leftSection={<IconCheck size={14} aria-hidden />}
          onClick={() => setOpen('approve')}
        >
          {T.approve}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => setOpen('reject')}
        >
          {T.reject}
        </Button>
      </Group>
      <Modal
        opened={open !== null}
        onClose={close}
        title={open === 'approve' ? T.approveTitle : T.rejectTitle}
        centered
      >
        <Stack gap="md">
          <Textarea
            label={open === 'approve' ? T.approveNote : T.rejectReason}
            required={open === 'reject'}
            autosize
            minRows={3}
            maxLength={QUOTE_APPROVAL_LIMITS.note}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {T.cancel}
            </Button>
            <Button
              color={open === 'approve' ? 'green' : 'red'}
              onClick={confirm}
              loading={busy}
              disabled={open === 'reject' && !text.trim()}
            >
              {open === 'approve' ? T.approve : T.reject}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Ask for approval: a note to the approvers, then the draft is saved and asked for. */
export function AskDialog({ editor }: { editor: QuoteDraft }) {
  const [note, setNote] = useState('');
  const busy = editor.askPending || editor.saving;
  const close = () => !busy && editor.setAsking(false);
  return (
    <Modal opened={editor.asking} onClose={close} title={T.askTitle} centered>
      <Stack gap="md">
        <Text size="sm">{T.askBody}</Text>
        <Textarea
          label={T.noteLabel}
          placeholder={T.notePlaceholder}
          required
          autosize
          minRows={3}
          maxLength={QUOTE_APPROVAL_LIMITS.note}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {T.cancel}
          </Button>
          <Button onClick={() => editor.onAsk(note.trim())} loading={busy} disabled={!note.trim()}>
            {T.ask}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
