import {
  Anchor,
  Button,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { formatMoney } from '#domain/money';
import { authorName } from '#domain/notes';
import {
  ORDER_LIMITS,
  ORDER_TEXT,
  type OrderDetail,
  type OrderStatus,
  orderMoveEmails,
  orderMoves,
  stepBackTarget,
} from '#domain/orders';
import { useAddOrderNote, useOrderDetail, usePatchOrder, useStepBackOrder } from '../../api/orders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import classes from '../../components/desk/Desk.module.css';
import { NotesSection, SectionTitle } from '../../components/desk/DeskSection';
import { PaneFallback } from '../../components/desk/PaneFallback';
import { ReasonDialog } from '../../components/desk/ReasonDialog';
import { formatDateTime } from '../../components/format';
import { LineOptions } from '../../components/LineOptions';
import { OrderStatusBadge } from '../../components/StatusBadge';
import { usePermissions } from '../../session/usePermissions';
import { ORDER_SCREEN as T } from './texts';

/** The chosen order: its customer, status and moves, lines and totals, addresses, notes and history. */
export function OrderPane({ id }: { id: number }) {
  const detail = useOrderDetail(id);
  const rights = usePermissions();
  const addNote = useAddOrderNote(id);
  if (!detail.data) return <PaneFallback failed={detail.isError} notFound={ORDER_TEXT.notFound} />;
  const order = detail.data;
  const money = (n: number) => formatMoney(n, order.currency);
  // Moves and notes are order.work's; a role that only reads sees them in the history.
  const mayWork = rights.has('order.work');
  return (
    <Paper withBorder radius="md" p="lg" data-testid="order-pane">
      <Stack gap="lg">
        <div>
          <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
            <Title order={2} size="h3" ff="monospace" data-testid="order-number">
              {order.number}
            </Title>
            <Text size="sm" c="dimmed">
              <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {order.inquiry_id ? (
              <Anchor component={Link} to={`/inquiries?selected=${order.inquiry_id}`} size="sm">
                {T.fromQuote(order.reference, order.quote_version)}
              </Anchor>
            ) : (
              T.fromQuote(order.reference, order.quote_version)
            )}{' '}
            · {T.signedBy(order.signed_by)}
          </Text>
        </div>
        {mayWork && <StatusControl order={order} mayStepBack={rights.has('order.manage')} />}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Block title={T.customer}>
            {[order.customer_name, order.customer_company, order.customer_email].filter(Boolean).join('\n')}
          </Block>
          <Block title={T.billing}>{order.billing_address ?? '—'}</Block>
          <Block title={T.delivery}>
            {order.shipping_address ?? (order.billing_address ? T.sameAsBilling : '—')}
          </Block>
        </SimpleGrid>
        {order.po_number && (
          <Text size="sm">
            <strong>{T.poNumber}:</strong> <span data-testid="order-po">{order.po_number}</span>
          </Text>
        )}
        <Lines order={order} money={money} />
        <NotesSection
          title={T.notes}
          notes={order.notes}
          add={mayWork ? addNote : undefined}
          testId="order-notes"
        />
        <History order={order} />
      </Stack>
    </Paper>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <SectionTitle>{title}</SectionTitle>
      <Text size="sm" className={classes.message}>
        {children}
      </Text>
    </div>
  );
}

function StatusControl({ order, mayStepBack }: { order: OrderDetail; mayStepBack: boolean }) {
  const patch = usePatchOrder(order.id);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  // A move that e-mails the customer, waiting for the confirmation.
  const [mailing, setMailing] = useState<OrderStatus | null>(null);
  const moves = orderMoves(order.status);
  const move = (status: OrderStatus) => {
    if (status === 'cancelled') {
      setReason('');
      setCancelling(true);
      return;
    }
    if (orderMoveEmails(status)) {
      setMailing(status);
      return;
    }
    patch.mutate({ status }, { onSuccess: () => toast.success(ORDER_TEXT.moved) });
  };
  const cancel = () => {
    if (!reason.trim()) {
      toast.error(ORDER_TEXT.cancelReasonRequired, { id: ORDER_TEXT.cancelReasonRequired });
      return;
    }
    patch.mutate(
      { status: 'cancelled', cancel_reason: reason },
      {
        onSuccess: () => {
          setCancelling(false);
          toast.success(ORDER_TEXT.moved);
        },
      },
    );
  };
  return (
    <div>
      <Text size="xs" fw={500} mb={4}>
        {T.statusLabel}
      </Text>
      <Group gap="xs" wrap="wrap">
        <span data-testid="order-status">
          <OrderStatusBadge status={order.status} />
        </span>
        {order.cancel_reason && (
          <Text size="xs" c="dimmed" className={classes.message}>
            {order.cancel_reason}
          </Text>
        )}
        {moves.length > 0 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="default"
                rightSection={<IconChevronDown size={14} aria-hidden />}
                loading={patch.isPending && !cancelling && mailing === null}
              >
                {T.moveTo}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {moves.map((s) => (
                <Menu.Item key={s} onClick={() => move(s)} color={s === 'cancelled' ? 'red' : undefined}>
                  {ORDER_TEXT.status[s]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        {mayStepBack && <StepBack order={order} />}
      </Group>
      <ReasonDialog
        opened={cancelling}
        title={T.cancelTitle}
        cancelLabel={T.keep}
        confirmLabel={T.cancelConfirm}
        busy={patch.isPending}
        onConfirm={cancel}
        onClose={() => setCancelling(false)}
      >
        <Textarea
          label={T.cancelReason}
          required
          autosize
          minRows={2}
          maxLength={ORDER_LIMITS.cancelReason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
      </ReasonDialog>
      <ConfirmDialog
        opened={mailing !== null}
        title={T.emailTitle(mailing ? ORDER_TEXT.status[mailing] : '')}
        message={T.emailText(order.number, order.customer_email)}
        confirmLabel={T.emailConfirm}
        destructive={false}
        busy={patch.isPending}
        onClose={() => setMailing(null)}
        onConfirm={() => {
          if (mailing === null) return;
          patch.mutate(
            { status: mailing },
            {
              onSuccess: () => {
                setMailing(null);
                toast.success(ORDER_TEXT.moved);
              },
            },
          );
        }}
      />
    </div>
  );
}

/** "Step back" (order.manage): one step back with a reason, asked in the reason dialog; no e-mail. */
function StepBack({ order }: { order: OrderDetail }) {
  const stepBack = useStepBackOrder(order.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const back = stepBackTarget(order.status, order.history);
  if (back === null) return null;
  const confirm = () => {
    if (!reason.trim()) {
      toast.error(ORDER_TEXT.stepBackReasonRequired, { id: ORDER_TEXT.stepBackReasonRequired });
      return;
    }
    stepBack.mutate(
      { reason },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(ORDER_TEXT.steppedBack);
        },
      },
    );
  };
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        onClick={() => {
          setReason('');
          setOpen(true);
        }}
      >
        {T.stepBack}
      </Button>
      <ReasonDialog
        opened={open}
        title={T.stepBackTitle(ORDER_TEXT.status[back])}
        cancelLabel={T.keep}
        confirmLabel={T.stepBackConfirm}
        busy={stepBack.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <Textarea
          label={T.stepBackReason}
          description={T.stepBackHint}
          required
          autosize
          minRows={2}
          maxLength={ORDER_LIMITS.stepBackReason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
      </ReasonDialog>
    </>
  );
}

function Lines({ order, money }: { order: OrderDetail; money: (n: number) => string }) {
  const titleId = useId();
  const totals: [string, number, boolean][] = [
    [T.subtotal, order.subtotal, false],
    [order.shipping_label ? `${T.shipping} (${order.shipping_label})` : T.shipping, order.shipping, false],
    [T.tax(order.tax_rate), order.tax, false],
    [T.total, order.total, true],
  ];
  return (
    <section aria-labelledby={titleId} className={classes.lines}>
      <SectionTitle id={titleId}>{T.lines}</SectionTitle>
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing={4} fz="sm" data-testid="order-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.item}</Table.Th>
              <Table.Th className={classes.wide}>{T.sku}</Table.Th>
              <Table.Th ta="right" className={classes.wide}>
                {T.quantity}
              </Table.Th>
              <Table.Th ta="right" className={classes.wide}>
                {T.unitPrice}
              </Table.Th>
              <Table.Th ta="right" className={classes.wide}>
                {T.discount}
              </Table.Th>
              <Table.Th ta="right">{T.lineTotal}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((l, i) => (
              // Lines are kept in order and never change: the place is the key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={i}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {l.name}
                  <LineOptions options={l.options} />
                  <Text size="xs" c="dimmed" className={classes.compact}>
                    {[
                      l.sku,
                      `${l.quantity} × ${money(l.unit_price)}`,
                      l.discount_percent ? `−${l.discount_percent}%` : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.wide}>{l.sku ?? ''}</Table.Td>
                <Table.Td ta="right" className={classes.wide}>
                  {l.quantity}
                </Table.Td>
                <Table.Td ta="right" className={classes.wide}>
                  {money(l.unit_price)}
                </Table.Td>
                <Table.Td ta="right" className={classes.wide}>
                  {l.discount_percent ? `${l.discount_percent}%` : ''}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(l.line_total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={2} mt="xs" align="flex-end">
        {totals.map(([label, amount, strong]) => (
          <Group key={label} gap="md" wrap="nowrap">
            <Text size="sm" fw={strong ? 700 : 400}>
              {label}
            </Text>
            <Text
              size="sm"
              fw={strong ? 700 : 400}
              miw={90}
              ta="right"
              data-testid={strong ? 'order-total' : undefined}
            >
              {money(amount)}
            </Text>
          </Group>
        ))}
      </Stack>
    </section>
  );
}

function History({ order }: { order: OrderDetail }) {
  const titleId = useId();
  const events = [...order.history].reverse();
  return (
    <section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{T.history}</SectionTitle>
      <ul className={classes.timeline} data-testid="order-history">
        {events.map((e) => (
          <li key={e.id}>
            <Text size="sm">
              {e.from === null
                ? T.historyCreated
                : (e.step_back_reason ? T.historyStepBack : T.historyMove)(
                    ORDER_TEXT.status[e.from],
                    ORDER_TEXT.status[e.to],
                  )}
              {(e.cancel_reason ?? e.step_back_reason) && ` (${e.cancel_reason ?? e.step_back_reason})`}
            </Text>
            <Text size="xs" c="dimmed">
              {authorName(e.actor, e.token) ?? T.byCustomer} ·{' '}
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
