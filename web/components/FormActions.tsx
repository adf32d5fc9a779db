import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useFormGuard } from './FormModal';

type Props = {
  saving: boolean;
  onCancel: () => void;
  saveLabel?: string;
  /** In a pane the buttons follow the fields at the fields' own spacing; a dialog sets them apart. */
  inline?: boolean;
};

/** A form's Cancel and Save; Save is disabled (and spins) while the request runs. */
function FormActions({ saving, onCancel, saveLabel = 'Save', inline = false }: Props) {
  // In a dialog, Cancel with unsaved edits asks first, as Escape does.
  const guard = useFormGuard();
  const cancel = () => (guard ? guard.confirmClose(onCancel) : onCancel());
  return (
    <Group justify="flex-end" mt={inline ? undefined : 'sm'}>
      <Button variant="default" onClick={cancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}

type FormProps = Props & {
  /** Save was pressed (or Enter): the page is not submitted, and the form checks its own fields. */
  onSubmit: () => void;
  children: ReactNode;
  testId?: string;
};

/** The fields of an add or edit form, stacked, with Cancel and Save below them. */
export function FormWithActions({ onSubmit, children, testId, ...actions }: FormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="sm">
        {children}
        <FormActions {...actions} />
      </Stack>
    </form>
  );
}
