import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Switch, Text } from '@mantine/core';
import { IconDots, IconKey, IconList, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { WEBHOOK_SCREEN_TEXT as T } from '#domain/webhook-screen';
import type { WebhookEndpoint } from '#domain/webhooks';
import { useDeleteWebhook, useRollWebhookSecret, useUpdateWebhook, useWebhooks } from '../../api/webhooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { SecretOnceDialog, type ShownSecret } from '../../components/SecretOnceDialog';
import { SkeletonLines } from '../../components/SkeletonLines';
import { WebhookDeliveryBadge } from '../../components/StatusBadge';
import { DeliveryLog } from './DeliveryLog';
import { EndpointDialog } from './EndpointDialog';

/** A new or rolled signing secret, with the URL it signs for and, after a roll, until when the old one holds. */
const shownSecret = (url: string, secret: string, previousUntil: string | null): ShownSecret => ({
  title: T.secretTitle,
  warning: previousUntil ? T.secretRolledOnce(formatDateTime(previousUntil)) : T.secretOnce,
  label: url,
  secret,
  doneLabel: T.done,
});

/** The Webhooks tab: endpoints, their events and secret, the delivery log, redeliver and test. */
export function WebhooksPanel() {
  const endpoints = useWebhooks();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const roll = useRollWebhookSecret();
  const remove = useDeleteWebhook();
  // The log follows the list's copy of its endpoint, so switching it on there enables its buttons.
  const logEndpoint = endpoints.data?.find((e) => e.id === logOf) ?? null;

  const confirmRoll = () => {
    if (!rolling) return;
    roll.mutate(rolling.id, {
      onSuccess: (rolled) => {
        setSecret(shownSecret(rolling.url, rolled.secret, rolled.previous_secret_expires_at));
        setRolling(null);
      },
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(T.deleted);
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={640}>
          {T.intro}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {T.add}
        </Button>
      </Group>
      {endpoints.isPending ? (
        <SkeletonLines rows={4} />
      ) : !endpoints.data ? (
        <Text c="dimmed">{T.loadFailed}</Text>
      ) : endpoints.data.length === 0 ? (
        <Card withBorder padding="lg" radius="md">
          <Text c="dimmed">{T.empty}</Text>
        </Card>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing(endpoint)}
              onLog={() => setLogOf(endpoint.id)}
              onRoll={() => setRolling(endpoint)}
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </Stack>
      )}
      <EndpointDialog
        opened={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => {
          setEditing(null);
          setSecret(shownSecret(created.url, created.secret, null));
        }}
      />
      <SecretOnceDialog shown={secret} testId="webhook-secret" onClose={() => setSecret(null)} />
      <DeliveryLog endpoint={logEndpoint} onClose={() => setLogOf(null)} />
      <ConfirmDialog
        opened={rolling !== null}
        title={T.rollTitle}
        message={T.rollMessage}
        confirmLabel={T.rollConfirm}
        busy={roll.isPending}
        onConfirm={confirmRoll}
        onClose={() => setRolling(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={T.deleteTitle}
        message={deleting ? T.deleteMessage(deleting.url) : ''}
        confirmLabel={T.remove}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

type CardProps = {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onLog: () => void;
  onRoll: () => void;
  onDelete: () => void;
};

function EndpointCard({ endpoint, onEdit, onLog, onRoll, onDelete }: CardProps) {
  const update = useUpdateWebhook();
  const switchTo = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, body: { enabled } },
      { onSuccess: () => toast.success(enabled ? T.turnedOn : T.turnedOff) },
    );
  const last = endpoint.last_delivery;
  const state = endpoint.enabled ? T.on : endpoint.disabled_reason === 'failing' ? T.switchedOff : T.off;
  return (
    <Card component="li" withBorder padding="md" radius="md" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Badge
                size="sm"
                variant="light"
                radius="sm"
                tt="none"
                color={endpoint.enabled ? 'teal' : endpoint.disabled_reason === 'failing' ? 'red' : 'gray'}
                data-testid="endpoint-state"
              >
                {state}
              </Badge>
              <Text size="xs" c="dimmed">
                {T.eventCount(endpoint.events.length)}
              </Text>
            </Group>
          </Stack>
          <Switch
            checked={endpoint.enabled}
            disabled={update.isPending}
            onChange={(e) => switchTo(e.currentTarget.checked)}
            aria-label={T.switchLabel(endpoint.url)}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          {last ? (
            <>
              <WebhookDeliveryBadge status={last.status} />
              <Text size="xs" c="dimmed">
                {T.lastDelivery(
                  last.status_code === null ? T.status[last.status] : String(last.status_code),
                  formatDateTime(last.at),
                )}
              </Text>
            </>
          ) : (
            <Text size="xs" c="dimmed">
              {T.noDeliveries}
            </Text>
          )}
        </Group>
        {last?.error && last.status !== 'delivered' && (
          <Text size="xs" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }}>
            {last.error}
          </Text>
        )}
        {endpoint.failing_since && (
          <Text size="xs" c="dimmed">
            {T.failingSince(formatDateTime(endpoint.failing_since))}
          </Text>
        )}
        {endpoint.previous_secret_expires_at && (
          <Text size="xs" c="dimmed">
            {T.previousValidUntil(formatDateTime(endpoint.previous_secret_expires_at))}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="light" leftSection={<IconList size={14} aria-hidden />} onClick={onLog}>
            {T.log}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
          >
            {T.edit}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="md" aria-label={T.more(endpoint.url)}>
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconKey size={14} aria-hidden />} onClick={onRoll}>
                {T.roll}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
                {T.remove}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
    </Card>
  );
}
