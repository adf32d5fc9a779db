import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { FormWithActions } from './FormActions';
import { FormModal } from './FormModal';
import { NameSlugFields } from './NameSlugFields';

function Form({
  onSubmit,
  onCancel,
  saving,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState('');
  return (
    <FormWithActions onSubmit={onSubmit} saving={saving} onCancel={onCancel}>
      <NameSlugFields
        name={name}
        slug={slug}
        description={description}
        onName={setName}
        onSlug={setSlug}
        onDescription={setDescription}
      />
    </FormWithActions>
  );
}

async function setup(saving: boolean) {
  const onClose = vi.fn();
  const onSubmit = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <FormModal opened title="Add Brand" saving={saving} onClose={onClose}>
        <Form onSubmit={onSubmit} onCancel={onClose} saving={saving} />
      </FormModal>
    </MantineProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Add Brand' });
  // The dialog's focus trap moves focus into it on a timer: typing before it lands loses keys.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { onClose, onSubmit, dialog };
}

describe('FormModal with FormWithActions and NameSlugFields', () => {
  it('is a dialog named by its title with the fields, Cancel and Save', async () => {
    const { onSubmit, onClose } = await setup(false);
    const name = screen.getByLabelText('Name', { exact: true });
    expect(name).toHaveProperty('required', true);
    await userEvent.type(name, 'Café Crème');
    // The slug left empty shows what the server will make of the name.
    expect(screen.getByLabelText('Slug')).toHaveProperty('placeholder', 'cafe-creme');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('refuses to close while the save runs', async () => {
    const { onClose } = await setup(true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
