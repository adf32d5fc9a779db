import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { DEFAULT_ROLE, PASSWORD_MIN_LENGTH, TEXT_LIMITS } from '#domain/constants';
import { TOAST, VALIDATION } from '#domain/messages';
import type { CreateUserBody } from '#domain/users';
import { useFieldErrors } from '../../api/errors';
import { useRoles } from '../../api/roles';
import { useCreateUser } from '../../api/users';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { SELECT_DEFAULTS } from '../../components/ListSelects';
import { usePermissions } from '../../session/usePermissions';

type Props = { opened: boolean; onClose: () => void; onCreated: () => void };

const EMPTY: Required<CreateUserBody> = { name: '', email: '', role: DEFAULT_ROLE, password: '' };

export function AddUserModal({ opened, onClose, onCreated }: Props) {
  const create = useCreateUser();
  return (
    <FormModal opened={opened} title="Add User" saving={create.isPending} onClose={onClose}>
      <AddUserForm create={create} onCancel={onClose} onCreated={onCreated} />
    </FormModal>
  );
}

type FormProps = {
  create: ReturnType<typeof useCreateUser>;
  onCancel: () => void;
  onCreated: () => void;
};

/** Mounted per opening (FormModal), so every opening starts empty. */
function AddUserForm({ create, onCancel, onCreated }: FormProps) {
  const [form, setForm] = useState(EMPTY);
  const roles = useRoles();
  const rights = usePermissions();
  // Only roles within the admin's own rights: the server refuses the others (403).
  const roleOptions = (roles.data ?? [])
    .filter((r) => rights.holdsAll(r.permissions))
    .map((r) => ({ value: r.key, label: r.name }));
  const role = roleOptions.some((o) => o.value === form.role) ? form.role : (roleOptions[0]?.value ?? null);
  const fields = useFieldErrors(create.error);
  useFormDirty(form);

  const set = (key: keyof typeof EMPTY) => (value: string) => {
    fields.edited(key);
    setForm((f) => ({ ...f, [key]: value }));
  };

  const submit = () => {
    if (!form.name.trim() || !form.email.trim() || !form.password) {
      toast.error(VALIDATION.createUserRequired);
      return;
    }
    create.mutate(
      { name: form.name.trim(), email: form.email.trim(), role: role ?? form.role, password: form.password },
      {
        onSuccess: () => {
          toast.success(TOAST.userCreated);
          onCreated();
        },
      },
    );
  };

  return (
    <FormWithActions onSubmit={submit} saving={create.isPending} onCancel={onCancel}>
      <TextInput
        label="Name"
        required
        data-autofocus
        value={form.name}
        maxLength={TEXT_LIMITS.name}
        onChange={(e) => set('name')(e.currentTarget.value)}
        error={fields.of('name')}
      />
      <TextInput
        label="Email"
        type="email"
        required
        autoComplete="off"
        value={form.email}
        maxLength={TEXT_LIMITS.email}
        onChange={(e) => set('email')(e.currentTarget.value)}
        error={fields.of('email')}
      />
      <Select
        label="Role"
        data={roleOptions}
        value={role}
        {...SELECT_DEFAULTS}
        onChange={(v) => v && set('role')(v)}
        error={fields.of('role')}
      />
      <PasswordInput
        label="Password"
        required
        description={`Minimum ${PASSWORD_MIN_LENGTH} characters`}
        autoComplete="new-password"
        visibilityToggleFocusable
        value={form.password}
        maxLength={TEXT_LIMITS.password}
        onChange={(e) => set('password')(e.currentTarget.value)}
        error={fields.of('password')}
      />
    </FormWithActions>
  );
}
