import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import {
  CLOSE_REASONS,
  type CloseReason,
  DESK_TEXT,
  type InquiryDetail,
  type InquiryStatus,
  staffMoves,
} from '#domain/inquiries';
import { authorName } from '#domain/notes';
import { QUOTE_APPROVAL_SCREEN } from '#domain/quote-approval';
import { DESK_SCREEN } from '#domain/quote-texts';
import { useAddNote, usePatchInquiry } from '../../api/inquiries';
import { BuyerLanguage } from '../../components/BuyerLanguage';
import classes from '../../components/desk/Desk.module.css';
import { NotesSection, SectionTitle } from '../../components/desk/DeskSection';
import { ReasonDialog } from '../../components/desk/ReasonDialog';
import { formatDateTime } from '../../components/format';
import { MoveMenu } from '../../components/MoveMenu';
import { OrderStatusBadge, StatusBadge } from '../../components/StatusBadge';
import { useSession } from '../../session/SessionContext';
import { usePermissions } from '../../session/usePermissions';
import { QuotesSection } from './PaneQuotes';

type Staff = readonly { id: number; name: string }[];

/** The desk around one request: its status, owner, notes, history and quotes. */
export function DeskPanel({ detail, staff }: { detail: InquiryDetail; staff: Staff }) {
  // Status and owner are inquiry.work's; a role that only reads sees them in the history.
  const mayWork = usePermissions().has('inquiry.work');
  const addNote = useAddNote(detail.id);
  return (
    <Stack gap="lg">
      {mayWork && (
        <Group gap="lg" align="flex-end" wrap="wrap">
          <StatusControl detail={detail} />
          <OwnerControl detail={detail} staff={staff} />
          <BuyerLanguage inquiryId={detail.id} locale={detail.locale} change withLabel />
        </Group>
      )}
      {detail.order && (
        <Group gap="xs" data-testid="pane-order">
          <Anchor
            component={Link}
            to={`/orders?${new URLSearchParams({ q: detail.order.number })}`}
            size="sm"
          >
            {DESK_SCREEN.order(detail.order.number)}
          </Anchor>
          <OrderStatusBadge status={detail.order.status} />
        </Group>
      )}
      <QuotesSection detail={detail} />
      <NotesSection
        title={DESK_SCREEN.notes}
        notes={[...detail.notes].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)}
        add={mayWork ? addNote : undefined}
        testId="pane-notes"
      />
      <HistorySection detail={detail} />
    </Stack>
  );
}

function StatusControl({ detail }: { detail: InquiryDetail }) {
  const patch = usePatchInquiry(detail.id);
  const [closing, setClosing] = useState(false);
  const [reason, setReason] = useState<CloseReason | null>(null);
  const moves = staffMoves(detail.status);

  const move = (status: InquiryStatus) => {
    if (status === 'closed') {
      setReason(null);
      setClosing(true);
      return;
    }
    patch.mutate({ status }, { onSuccess: () => toast.success(DESK_SCREEN.statusChanged) });
  };
  const close = () => {
    if (!reason) return;
    patch.mutate(
      { status: 'closed', close_reason: reason },
      {
        onSuccess: () => {
          setClosing(false);
          toast.success(DESK_SCREEN.statusChanged);
        },
      },
    );
  };

  return (
    <div>
      <Text size="xs" fw={500} mb={4}>
        {DESK_SCREEN.statusLabel}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <span data-testid="pane-status">
          <StatusBadge status={detail.status} />
        </span>
        {detail.status === 'closed' && detail.close_reason && (
          <Text size="xs" c="dimmed">
            {DESK_TEXT.closeReason[detail.close_reason]}
          </Text>
        )}
        <MoveMenu
          label={DESK_SCREEN.moveTo}
          moves={moves}
          labelOf={(status) => DESK_TEXT.status[status]}
          loading={patch.isPending && !closing}
          onMove={move}
        />
      </Group>
      <ReasonDialog
        opened={closing}
        title={DESK_SCREEN.closeTitle}
        cancelLabel={DESK_SCREEN.cancel}
        confirmLabel={DESK_SCREEN.closeConfirm}
        busy={patch.isPending}
        confirmDisabled={!reason}
        onConfirm={close}
        onClose={() => setClosing(false)}
      >
        <Select
          label={DESK_SCREEN.closeReason}
          required
          data={CLOSE_REASONS.map((r) => ({ value: r, label: DESK_TEXT.closeReason[r] }))}
          value={reason}
          onChange={(v) => setReason(v as CloseReason | null)}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
      </ReasonDialog>
    </div>
  );
}

const NOBODY = 'nobody';

function OwnerControl({ detail, staff }: { detail: InquiryDetail; staff: Staff }) {
  const { user } = useSession();
  const patch = usePatchInquiry(detail.id);
  const people = new Map<number, string>(staff.map((u) => [u.id, u.name]));
  // Without the staff list (editors may not read it), the choices are nobody, me and whoever owns it.
  if (user) people.set(user.id, people.get(user.id) ?? user.username);
  if (detail.owner) people.set(detail.owner.id, detail.owner.name);
  const data = [
    { value: NOBODY, label: DESK_SCREEN.unassigned },
    ...[...people].map(([id, name]) => ({ value: String(id), label: name })),
  ];
  const assign = (ownerId: number | null) =>
    patch.mutate({ owner_id: ownerId }, { onSuccess: () => toast.success(DESK_SCREEN.ownerChanged) });
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label={DESK_SCREEN.ownerLabel}
        size="xs"
        allowDeselect={false}
        withCheckIcon={false}
        data={data}
        value={detail.owner ? String(detail.owner.id) : NOBODY}
        onChange={(v) => v && assign(v === NOBODY ? null : Number(v))}
        disabled={patch.isPending}
        w={170}
      />
      {user && detail.owner?.id !== user.id && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUserCheck size={14} aria-hidden />}
          onClick={() => assign(user.id)}
          loading={patch.isPending}
        >
          {DESK_SCREEN.assignToMe}
        </Button>
      )}
    </Group>
  );
}

const statusName = (s: string | null) =>
  s && s in DESK_TEXT.status ? DESK_TEXT.status[s as InquiryStatus] : s;

/** What one history row says: a move, an owner, an expiry or a step of a quote's approval. */
function historyLine(e: InquiryDetail['history'][number]) {
  switch (e.kind) {
    case 'status':
      return DESK_SCREEN.historyStatus(statusName(e.from), statusName(e.to));
    case 'quote_expired':
      return DESK_SCREEN.historyQuoteExpired(e.to);
    case 'approval_requested':
      return QUOTE_APPROVAL_SCREEN.historyRequested(e.from, e.to);
    case 'quote_approved':
      return QUOTE_APPROVAL_SCREEN.historyApproved(e.from, e.to);
    case 'quote_rejected':
      return QUOTE_APPROVAL_SCREEN.historyRejected(e.from, e.to);
    case 'locale':
      return DESK_SCREEN.historyLanguage(e.from, e.to);
    default:
      return DESK_SCREEN.historyOwner(e.from, e.to);
  }
}

function HistorySection({ detail }: { detail: InquiryDetail }) {
  const titleId = useId();
  const events = [...detail.history].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{DESK_SCREEN.history}</SectionTitle>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {DESK_SCREEN.noHistory}
        </Text>
      ) : (
        <ul className={classes.timeline} data-testid="pane-history">
          {events.map((e) => (
            <li key={e.id}>
              <Text size="sm">
                {historyLine(e)}
                {e.close_reason && ` (${DESK_TEXT.closeReason[e.close_reason]})`}
              </Text>
              <Text size="xs" c="dimmed">
                {authorName(e.actor, e.token) ??
                  (e.kind === 'quote_expired' ? DESK_SCREEN.scheduled : DESK_SCREEN.customer)}{' '}
                · <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
