import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { TEXT_LIMITS } from '#domain/constants';
import { TOAST } from '#domain/messages';
import { type ChangePasswordBody, checkPasswordForm } from '#domain/users';
import { useFieldErrors } from '../../api/errors';
import { useChangePassword } from '../../api/me';
import { useSession } from '../../session/SessionContext';

/** The body, and the confirmation that only the form checks. */
type PasswordForm = ChangePasswordBody & { confirm: string };
const EMPTY: PasswordForm = { current_password: '', new_password: '', confirm: '' };

const FIELDS: { key: keyof PasswordForm; label: string; autoComplete: string }[] = [
  { key: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { key: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { key: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
];

export function ChangePasswordCard() {
  const [form, setForm] = useState(EMPTY);
  const change = useChangePassword();
  const { updateToken } = useSession();
  const fields = useFieldErrors(change.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { confirm, ...body } = form;
    const problem = checkPasswordForm(body.current_password, body.new_password, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    change.mutate(body, {
      onSuccess: ({ token }) => {
        // The server has revoked every older token of this user, ours included.
        updateToken(token);
        toast.success(TOAST.passwordUpdated);
        setForm(EMPTY);
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="md">
        Change Password
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {FIELDS.map((field) => (
            <PasswordInput
              key={field.key}
              label={field.label}
              autoComplete={field.autoComplete}
              visibilityToggleFocusable
              maxLength={TEXT_LIMITS.password}
              value={form[field.key]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                fields.edited(field.key);
                setForm((f) => ({ ...f, [field.key]: value }));
              }}
              error={fields.of(field.key)}
            />
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
