import { Modal, PasswordInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { DEFAULT_ROLE, PASSWORD_MIN_LENGTH, ROLES, TEXT_LIMITS } from '#domain/constants';
import { TOAST, VALIDATION } from '#domain/messages';
import type { CreateUserBody } from '#domain/users';
import { useCreateUser } from '../../api/users';
import { FormWithActions } from '../../components/FormActions';
import { SELECT_DEFAULTS } from '../../components/ListSelects';

type Props = { opened: boolean; onClose: () => void; onCreated: () => void };

const EMPTY: Required<CreateUserBody> = { name: '', email: '', role: DEFAULT_ROLE, password: '' };
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r }));

export function AddUserModal({ opened, onClose, onCreated }: Props) {
  const [form, setForm] = useState(EMPTY);
  const create = useCreateUser();

  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const close = () => {
    if (create.isPending) return;
    setForm(EMPTY);
    onClose();
  };

  const submit = () => {
    if (!form.name.trim() || !form.email.trim() || !form.password) {
      toast.error(VALIDATION.createUserRequired);
      return;
    }
    create.mutate(
      { name: form.name.trim(), email: form.email.trim(), role: form.role, password: form.password },
      {
        onSuccess: () => {
          toast.success(TOAST.userCreated);
          setForm(EMPTY);
          onCreated();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add User" centered>
      <FormWithActions onSubmit={submit} saving={create.isPending} onCancel={close}>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={form.name}
          maxLength={TEXT_LIMITS.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          value={form.email}
          maxLength={TEXT_LIMITS.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
        />
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={form.role}
          {...SELECT_DEFAULTS}
          onChange={(v) => v && set('role')(v)}
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
        />
      </FormWithActions>
    </Modal>
  );
}
