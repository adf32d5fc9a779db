import {
  Badge,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT_LIMITS } from '#domain/constants';
import {
  PERMISSION_AREAS,
  PERMISSION_NEEDS,
  PERMISSIONS,
  type PermissionCode,
  permissionLabel,
  permissionsNeeding,
  withNeededPermissions,
} from '#domain/permissions';
import { type RoleRecord, ROLE_SCREEN_TEXT as T } from '#domain/roles';
import { useFieldErrors } from '../../api/errors';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole } from '../../api/roles';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SkeletonLines } from '../../components/SkeletonLines';
import { usePermissions } from '../../session/usePermissions';

/** The Roles tab: each role's permissions grouped by area, its holders, and a copy to start from. */
export function RolesPanel() {
  const roles = useRoles();
  const create = useCreateRole();
  const rights = usePermissions();
  const mayManage = rights.has('role.manage');

  const duplicate = (role: RoleRecord | null) => {
    const taken = new Set((roles.data ?? []).map((r) => r.name.toLowerCase()));
    let name = role ? T.copyName(role.name) : T.newRole;
    for (let n = 2; taken.has(name.toLowerCase()); n++)
      name = `${role ? T.copyName(role.name) : T.newRole} ${n}`;
    create.mutate(
      { name, permissions: role ? [...role.permissions] : [] },
      { onSuccess: () => toast.success(T.created) },
    );
  };

  if (roles.isPending) return <SkeletonLines rows={6} />;
  if (!roles.data) return <Text c="dimmed">{T.loadRoles}</Text>;
  return (
    <Stack gap="md">
      {mayManage && (
        <Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => duplicate(null)}
            loading={create.isPending}
          >
            {T.newRole}
          </Button>
        </Group>
      )}
      {roles.data.map((role) => (
        <RoleCard
          key={role.key}
          role={role}
          mayManage={mayManage}
          // A copy holds the same rights, so only a role within the manager's own may be copied.
          mayCopy={rights.holdsAll(role.permissions)}
          mayChange={rights.holdsAll(role.permissions) && role.key !== rights.role}
          own={role.key === rights.role}
          holds={rights.has}
          onDuplicate={() => duplicate(role)}
          duplicating={create.isPending}
        />
      ))}
    </Stack>
  );
}

function RoleCard({
  role,
  mayManage,
  mayCopy,
  mayChange,
  own,
  holds,
  onDuplicate,
  duplicating,
}: {
  role: RoleRecord;
  mayManage: boolean;
  mayCopy: boolean;
  /** Within the manager's rights and not their own role (the server refuses the rest, 403). */
  mayChange: boolean;
  own: boolean;
  /** Whether the manager holds a code: one they lack cannot be ticked. */
  holds: (code: PermissionCode) => boolean;
  onDuplicate: () => void;
  duplicating: boolean;
}) {
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(role.name);
  const [codes, setCodes] = useState<PermissionCode[]>(role.permissions);
  const fields = useFieldErrors(update.error);
  const editable = mayManage && !role.built_in && mayChange;
  const refusal =
    !mayManage || role.built_in ? null : own ? T.ownRoleCard : mayChange ? null : T.aboveOwnCard;
  const dirty = name !== role.name || codes.join() !== role.permissions.join();
  const titleId = `role-${role.key}`;

  // Ticking a permission ticks what it needs; unticking one unticks what needs it (as the server
  // would save it).
  const toggle = (code: PermissionCode, on: boolean) =>
    setCodes((now) => {
      if (on) return withNeededPermissions([...now, code]);
      const gone = new Set([code, ...permissionsNeeding(code)]);
      return now.filter((c) => !gone.has(c));
    });

  const save = () =>
    update.mutate(
      { key: role.key, body: { name, permissions: codes } },
      { onSuccess: () => toast.success(T.saved) },
    );

  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={titleId}
      data-testid={`role-${role.key}`}
    >
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {role.name}
            </Title>
            {role.built_in && (
              <Badge variant="light" color="gray">
                {T.builtIn}
              </Badge>
            )}
            <Badge variant="light" data-testid={`role-holders-${role.key}`}>
              {T.holders(role.users)}
            </Badge>
          </Group>
          {role.built_in && mayManage && (
            <Text size="xs" c="dimmed">
              {T.builtInHint}
            </Text>
          )}
          {refusal && (
            <Text size="xs" c="dimmed" data-testid={`role-refusal-${role.key}`}>
              {refusal}
            </Text>
          )}
        </Stack>
        {mayManage && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={onDuplicate}
              loading={duplicating}
              disabled={!mayCopy}
              aria-label={`${T.duplicate}: ${role.name}`}
            >
              {T.duplicate}
            </Button>
            {!role.built_in && mayChange && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                loading={remove.isPending}
                onClick={() => setConfirming(true)}
                aria-label={`${T.delete}: ${role.name}`}
              >
                {T.delete}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editable && (
        <TextInput
          label={T.nameLabel}
          value={name}
          maxLength={TEXT_LIMITS.name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fields.of('name')}
          mb="sm"
          maw={360}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {PERMISSION_AREAS.map((area) => (
          <Fieldset key={area} legend={area} variant="unstyled">
            <Stack gap={6} mt={6}>
              {PERMISSIONS.filter((p) => p.area === area).map((p) => (
                <Checkbox
                  key={p.code}
                  value={p.code}
                  label={p.label}
                  description={
                    PERMISSION_NEEDS[p.code] ? (
                      <>
                        {p.description}{' '}
                        <Text span inherit fw={500} c="var(--mantine-color-text)">
                          {T.needs((PERMISSION_NEEDS[p.code] ?? []).map(permissionLabel))}
                        </Text>
                      </>
                    ) : (
                      p.description
                    )
                  }
                  disabled={!editable || !holds(p.code)}
                  checked={codes.includes(p.code)}
                  onChange={(e) => toggle(p.code, e.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
      {editable && (
        <Group justify="flex-end" mt="md">
          <Button onClick={save} loading={update.isPending} disabled={!dirty}>
            {T.save}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={T.deleteTitle}
        message={T.deleteConfirm(role.name)}
        busy={remove.isPending}
        // The promise, not mutate's own callbacks: the refreshed list drops this card, and a
        // callback of a mutate whose component is gone never runs, so the toast would be lost.
        // A failure is already shown by the query client (the mutation's errorMessage).
        onConfirm={() =>
          remove
            .mutateAsync(role.key)
            .then(() => toast.success(T.deleted))
            .catch(() => {})
            .finally(() => setConfirming(false))
        }
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
