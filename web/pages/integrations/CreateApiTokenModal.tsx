import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type ApiTokenListResponse, type CreatedApiToken, API_TOKEN_TEXT as T } from '#domain/api-tokens';
import { TEXT_LIMITS } from '#domain/constants';
import { useCreateApiToken } from '../../api/apiTokens';
import { useFieldErrors } from '../../api/errors';
import { FormWithActions } from '../../components/FormActions';
import { FormModal, useFormDirty } from '../../components/FormModal';
import { SELECT_DEFAULTS } from '../../components/ListSelects';

type Props = {
  opened: boolean;
  /** The roles the signed-in admin may give a token (the list's answer says which). */
  roles: ApiTokenListResponse['roles'];
  onClose: () => void;
  onCreated: (token: CreatedApiToken) => void;
};

export function CreateApiTokenModal({ opened, roles, onClose, onCreated }: Props) {
  const create = useCreateApiToken();
  return (
    <FormModal opened={opened} title={T.create} saving={create.isPending} onClose={onClose}>
      <CreateApiTokenForm create={create} roles={roles} onCancel={onClose} onCreated={onCreated} />
    </FormModal>
  );
}

/** Today as YYYY-MM-DD in the viewer's time zone: the earliest day a token may expire on. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A token set to expire on a day lasts through the end of that day, where the admin is. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

function CreateApiTokenForm({
  create,
  roles,
  onCancel,
  onCreated,
}: {
  create: ReturnType<typeof useCreateApiToken>;
  roles: Props['roles'];
  onCancel: () => void;
  onCreated: Props['onCreated'];
}) {
  const [form, setForm] = useState({ name: '', role: '', expires: '' });
  const fields = useFieldErrors(create.error);
  useFormDirty(form);

  const set = (key: keyof typeof form, field: string) => (value: string) => {
    fields.edited(field);
    setForm((f) => ({ ...f, [key]: value }));
  };

  const submit = () => {
    if (!form.name.trim()) return toast.error(T.nameRequired);
    if (!form.role) return toast.error(T.roleRequired);
    create.mutate(
      { name: form.name.trim(), role: form.role, expires_at: form.expires ? endOfDay(form.expires) : null },
      { onSuccess: onCreated },
    );
  };

  return (
    <FormWithActions onSubmit={submit} saving={create.isPending} onCancel={onCancel} saveLabel={T.create}>
      <TextInput
        label={T.name}
        placeholder={T.namePlaceholder}
        required
        data-autofocus
        value={form.name}
        maxLength={TEXT_LIMITS.name}
        onChange={(e) => set('name', 'name')(e.currentTarget.value)}
        error={fields.of('name')}
      />
      <Select
        label={T.role}
        required
        placeholder={T.roleRequired}
        data={roles.map((r) => ({ value: r.key, label: r.name }))}
        value={form.role || null}
        {...SELECT_DEFAULTS}
        onChange={(v) => set('role', 'role')(v ?? '')}
        error={fields.of('role')}
      />
      <TextInput
        label={T.expiresOn}
        description={T.expiryHint}
        type="date"
        min={today()}
        value={form.expires}
        onChange={(e) => set('expires', 'expires_at')(e.currentTarget.value)}
        error={fields.of('expires_at')}
      />
    </FormWithActions>
  );
}
