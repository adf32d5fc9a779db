import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { type ApiTokenRecord, type CreatedApiToken, API_TOKEN_TEXT as T } from '#domain/api-tokens';
import { useApiTokens, useRevokeApiToken } from '../../api/apiTokens';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { activityOfToken } from '../../components/history/activityLinks';
import { ListTable } from '../../components/ListTable';
import { SecretOnceDialog } from '../../components/SecretOnceDialog';
import { useDialogState } from '../../components/useDialogState';
import { usePermissions } from '../../session/usePermissions';
import { CreateApiTokenModal } from './CreateApiTokenModal';

const COLUMNS = [T.name, T.role, T.createdBy, T.created, T.lastUsed, T.expiry, T.actions] as const;

/** The API tokens tab: the list, create (secret shown once) and revoke. */
export function ApiTokensPanel() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const creating = useDialogState<true>();
  const secret = useDialogState<CreatedApiToken>();
  const revoking = useDialogState<ApiTokenRecord>();

  const confirmRevoke = () => {
    const token = revoking.item;
    if (!token) return;
    revoke.mutate(token.id, {
      onSuccess: () => {
        toast.success(T.revoked(token.name));
        revoking.close();
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {T.intro}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => creating.open(true)}>
          {T.create}
        </Button>
      </Group>
      <ListTable
        label={T.tableLabel}
        columns={COLUMNS}
        minWidth={860}
        items={tokens.data?.data}
        loading={tokens.isPending}
        failed={tokens.isError}
        failedText={T.loadFailed}
        emptyText={T.empty}
        renderRow={(token) => <TokenRow key={token.id} token={token} onRevoke={() => revoking.open(token)} />}
      />
      <CreateApiTokenModal
        opened={creating.opened}
        roles={tokens.data?.roles ?? []}
        onClose={creating.close}
        onCreated={(made) => {
          creating.close();
          toast.success(T.createdToast(made.name));
          secret.open(made);
        }}
      />
      <SecretOnceDialog
        shown={
          secret.opened && secret.item
            ? {
                title: T.secretTitle,
                warning: T.secretWarning,
                label: `${T.secretLabel}: ${secret.item.name}`,
                secret: secret.item.secret,
                hint: T.secretUse,
                doneLabel: T.done,
              }
            : null
        }
        testId="api-token-secret"
        onClose={secret.close}
      />
      <ConfirmDialog
        opened={revoking.opened}
        title={T.revokeTitle(revoking.item?.name ?? '')}
        message={T.revokeBody}
        confirmLabel={T.revoke}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={revoking.close}
      />
    </Stack>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiTokenRecord; onRevoke: () => void }) {
  const { has } = usePermissions();
  return (
    <Table.Tr data-testid={`api-token-${token.id}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {token.name}
        </Text>
      </Table.Td>
      <Table.Td>{token.role_name}</Table.Td>
      <Table.Td>
        {token.created_by?.name ?? (
          <Text span size="sm" c="dimmed">
            {T.deletedUser}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(token.created_at)}</Table.Td>
      <Table.Td>
        {token.last_used_at ? (
          <Stack gap={0}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(token.last_used_at)}
            </Text>
            <Text size="xs" c="dimmed">
              {token.last_used_ip}
            </Text>
          </Stack>
        ) : (
          <Text span size="sm" c="dimmed">
            {T.notUsed}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {token.expired ? (
          <Badge color="red" variant="light">
            {T.expired}
          </Badge>
        ) : token.expires_at ? (
          formatDateTime(token.expires_at)
        ) : (
          <Text span size="sm" c="dimmed">
            {T.never}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {has('history.read') && (
            <Button
              component={Link}
              to={activityOfToken(token.id)}
              size="xs"
              variant="default"
              leftSection={<IconHistory size={14} aria-hidden />}
              aria-label={`${T.activity}: ${token.name}`}
            >
              {T.activity}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onRevoke}
            aria-label={`${T.revoke}: ${token.name}`}
          >
            {T.revoke}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
