import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UNSAVED as DISCARD_TEXT } from '#domain/messages';
import { theme } from '../theme';
import { FormWithActions } from './FormActions';
import { FormModal, useFormDirty } from './FormModal';

function Form({ onCancel }: { onCancel: () => void }) {
  const [name, setName] = useState('Lamps');
  useFormDirty({ name });
  return (
    <FormWithActions onSubmit={() => {}} saving={false} onCancel={onCancel}>
      <TextInput label="Name" data-autofocus value={name} onChange={(e) => setName(e.currentTarget.value)} />
    </FormWithActions>
  );
}

function setup() {
  const onClose = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <FormModal opened title="Edit Category" saving={false} onClose={onClose}>
        <Form onCancel={onClose} />
      </FormModal>
    </MantineProvider>,
  );
  return { onClose };
}

const question = () => screen.queryByRole('dialog', { name: DISCARD_TEXT.title });

describe('FormModal with unsaved changes', { timeout: 20_000 }, () => {
  it('closes at once while nothing was changed', async () => {
    const { onClose } = setup();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
  });

  it('asks before Escape or Cancel throws edits away; Keep editing keeps them', async () => {
    const { onClose } = setup();
    const name = screen.getByLabelText('Name');
    await userEvent.type(name, 'x');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(question()).not.toBeNull());
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: DISCARD_TEXT.keep }));
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(name).toHaveProperty('value', 'Lampsx');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question()).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: DISCARD_TEXT.discard }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('counts a change typed back to the start as no change', async () => {
    const { onClose } = setup();
    const name = screen.getByLabelText('Name');
    await userEvent.type(name, 'x{Backspace}');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
