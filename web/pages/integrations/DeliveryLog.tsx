import { Button, Code, Collapse, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { WEBHOOK_SCREEN_TEXT as T } from '#domain/webhook-screen';
import type { WebhookDelivery, WebhookEndpoint } from '#domain/webhooks';
import { useRedeliver, useSendTestEvent, useWebhookDeliveries } from '../../api/webhooks';
import { EMPTY_VALUE, formatDateTime } from '../../components/format';
import { Pager } from '../../components/Pager';
import { SkeletonLines } from '../../components/SkeletonLines';
import { WebhookDeliveryBadge } from '../../components/StatusBadge';

/** Pending again after an attempt that failed. */
const retrying = (d: WebhookDelivery) => d.status === 'pending' && d.attempts > 0;

/** One endpoint's delivery log in a side drawer: newest first, with test and redeliver. */
export function DeliveryLog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={endpoint !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      closeButtonProps={{ 'aria-label': T.closeLog }}
      title={
        <Stack gap={0}>
          <Text fw={600}>{T.logTitle}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {endpoint?.url}
          </Text>
        </Stack>
      }
    >
      {endpoint && <LogBody endpoint={endpoint} />}
    </Drawer>
  );
}

function LogBody({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(endpoint.id, page);
  const test = useSendTestEvent();
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: () => {
        setPage(1);
        toast.success(T.testSent);
      },
    });
  return (
    <Stack gap="md">
      <Group>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={sendTest}
          loading={test.isPending}
          disabled={!endpoint.enabled}
        >
          {T.sendTest}
        </Button>
      </Group>
      {log.isPending ? (
        <SkeletonLines rows={5} />
      ) : !log.data ? (
        <Text c="dimmed">{T.logFailed}</Text>
      ) : log.data.data.length === 0 ? (
        <Text c="dimmed">{T.logEmpty}</Text>
      ) : (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {log.data.data.map((d) => (
              <DeliveryRow key={d.id} delivery={d} endpointOn={endpoint.enabled} />
            ))}
          </Stack>
          {log.data.meta.pages > 1 && <Pager page={page} pages={log.data.meta.pages} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}

function DeliveryRow({ delivery, endpointOn }: { delivery: WebhookDelivery; endpointOn: boolean }) {
  const [open, setOpen] = useState(false);
  const redeliver = useRedeliver();
  const last = delivery.log.at(-1) ?? null;
  const detailsId = `delivery-${delivery.id}-attempts`;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      data-testid="delivery-row"
      data-status={delivery.status}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <WebhookDeliveryBadge status={delivery.status} retrying={retrying(delivery)} />
            <Text size="sm" ff="monospace" fw={600}>
              {delivery.type}
            </Text>
            <Text size="xs" c="dimmed">
              {delivery.entity}
            </Text>
          </Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={redeliver.isPending}
            disabled={!endpointOn}
            onClick={() => redeliver.mutate(delivery.id, { onSuccess: () => toast.success(T.redelivered) })}
          >
            {T.redeliver}
          </Button>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Fact label={T.columns.code} value={last?.status_code ?? EMPTY_VALUE} />
          <Fact label={T.columns.duration} value={last ? T.durationMs(last.duration_ms) : EMPTY_VALUE} />
          <Fact label={T.columns.at} value={formatDateTime(last?.started_at ?? delivery.created_at)} />
          <Fact label={T.columns.attempt} value={String(delivery.attempts)} />
        </Group>
        {last?.error && (
          <Text size="xs" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }}>
            {last.error}
          </Text>
        )}
        {delivery.status === 'pending' && delivery.next_attempt_at && delivery.attempts > 0 && (
          <Text size="xs" c="dimmed">
            {T.nextTry(formatDateTime(delivery.next_attempt_at))}
          </Text>
        )}
        {delivery.log.length > 0 && (
          <>
            <Button
              size="compact-xs"
              variant="subtle"
              w="fit-content"
              px={0}
              leftSection={
                open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />
              }
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((o) => !o)}
            >
              {T.showResponse}
            </Button>
            <Collapse expanded={open} id={detailsId}>
              <Stack gap="xs">
                {delivery.log.map((a) => (
                  <Stack key={a.attempt} gap={2}>
                    <Text size="xs" fw={600}>
                      {T.attemptOf(a.attempt)} · {formatDateTime(a.started_at)} ·{' '}
                      {a.status_code ?? EMPTY_VALUE} · {T.durationMs(a.duration_ms)}
                    </Text>
                    {a.error && (
                      <Text size="xs" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }}>
                        {a.error}
                      </Text>
                    )}
                    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240 }}>
                      {a.response_body || T.noResponse}
                    </Code>
                  </Stack>
                ))}
              </Stack>
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
