import { Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT_LIMITS } from '#domain/constants';
import { TOAST, VALIDATION } from '#domain/messages';
import type { UpdateProfileBody, User } from '#domain/users';
import { useFieldErrors } from '../../api/errors';
import { meKeys } from '../../api/keys';
import { useUpdateMe } from '../../api/me';
import { DetailList } from '../../components/DetailList';
import { UnsavedChangesPrompt } from '../../components/DiscardChangesDialog';
import { useUnsavedChanges } from '../../components/useUnsavedChanges';
import { useSession } from '../../session/SessionContext';

/** Profile: view mode, Edit → edit mode, Save back to view, Cancel restores. */
export function ProfileDetailsCard({ me, failed }: { me: User | undefined; failed: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<UpdateProfileBody>({ name: '', email: '' });
  const update = useUpdateMe();
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  const fields = useFieldErrors(update.error);
  const leave = useUnsavedChanges(editing && !!me && (draft.name !== me.name || draft.email !== me.email));

  const startEditing = () => {
    if (!me) return;
    setDraft({ name: me.name, email: me.email });
    setEditing(true);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    const email = draft.email.trim();
    if (!name || !email) {
      toast.error(VALIDATION.profileRequired);
      return;
    }
    update.mutate(
      { name, email },
      {
        onSuccess: (user) => {
          queryClient.setQueryData(meKeys.all, user);
          updateUser(user);
          toast.success(TOAST.profileUpdated);
          setEditing(false);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Account details
        </Title>
        {!editing && (
          <Button variant="default" size="xs" onClick={startEditing} disabled={!me}>
            Edit
          </Button>
        )}
      </Group>
      {!me && failed ? (
        <Text c="dimmed">Your profile could not be loaded.</Text>
      ) : !me ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : editing ? (
        <form onSubmit={save} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              value={draft.name}
              maxLength={TEXT_LIMITS.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                fields.edited('name');
                setDraft((d) => ({ ...d, name }));
              }}
              error={fields.of('name')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              value={draft.email}
              maxLength={TEXT_LIMITS.email}
              onChange={(e) => {
                const email = e.currentTarget.value;
                fields.edited('email');
                setDraft((d) => ({ ...d, email }));
              }}
              error={fields.of('email')}
            />
            <RoleLine role={me.role} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
          <UnsavedChangesPrompt guard={leave} />
        </form>
      ) : (
        <DetailList
          items={[
            { label: 'Name', value: me.name },
            { label: 'Email', value: me.email },
            { label: 'Role', value: <RoleBadge role={me.role} /> },
          ]}
        />
      )}
    </Card>
  );
}

function RoleBadge({ role }: { role: User['role'] }) {
  return (
    <Badge variant="light" color={role === 'admin' ? 'indigo' : 'gray'}>
      {role}
    </Badge>
  );
}

function RoleLine({ role }: { role: User['role'] }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        Role
      </Text>
      <Group gap="xs">
        <RoleBadge role={role} />
        <Text size="xs" c="dimmed">
          Only an admin can change roles.
        </Text>
      </Group>
    </div>
  );
}
