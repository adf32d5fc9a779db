import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Category } from '#domain/categories';
import { TOAST } from '#domain/messages';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { CategoryFormModal } from './CategoryFormModal';

const TOOLS: Category = {
  id: 7,
  name: 'Tools',
  slug: 'tools',
  parent_id: null,
  parent_name: null,
  depth: 0,
  sort_order: 1,
  image_url: null,
  description: 'Hand tools',
  path: '7',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

const stored = { de: { name: 'Werkzeuge', description: null, updated_at: '2025-01-02T00:00:00.000Z' } };

function open(locales: string[], role: 'editor' | 'viewer' = 'editor') {
  const me = signedInAs(role);
  const server = fakeApi({
    'GET /me': () => me,
    'GET /locales': () => ({ default: locales[0], locales }),
    'GET /categories/7/translations': () => stored,
    'PUT /categories/7': ({ body }) => ({ ...TOOLS, ...(body as object) }),
    'PUT /categories/7/translations/de': () => stored.de,
  });
  renderWithProviders(
    [
      {
        path: '/',
        element: <CategoryFormModal category={TOOLS} opened onClose={() => {}} onSaved={() => {}} />,
      },
    ],
    '/',
  );
  return server;
}

describe('the category editor in several languages', () => {
  it('shows no language tabs when the shop has one language', async () => {
    const server = open(['en']);
    await screen.findByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(server.to('GET /locales')).toHaveLength(1));
    expect(screen.queryByRole('tab')).toBeNull();
    expect(server.to('GET /categories/7/translations')).toHaveLength(0);
  });

  it('shows a tab per language, marks the missing text, and saves the changed translation', async () => {
    const server = open(['en', 'de']);
    const nameTabs = await screen.findByRole('tablist', { name: 'Name by language' });
    expect(nameTabs.textContent).toContain('English');
    // The German name is there, its description is not.
    expect(await screen.findByRole('tab', { name: 'Deutsch, translation missing' })).toBeTruthy();
    expect(screen.getAllByRole('tab', { name: 'Deutsch' })).toHaveLength(1);

    await userEvent.click(screen.getAllByRole('tab', { name: /Deutsch/ })[1]);
    const german = screen.getByRole('textbox', { name: 'Description (Deutsch)' });
    expect(german.getAttribute('placeholder')).toBe('Hand tools');
    await userEvent.type(german, 'Handwerkzeuge');
    expect(screen.queryByRole('tab', { name: /missing/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TOAST.categoryUpdated)).toBeTruthy();
    expect(server.to('PUT /categories/7/translations/de').map((r) => r.body)).toEqual([
      { description: 'Handwerkzeuge' },
    ]);
  });

  it('shows the translations read-only to a user who may not edit them, and sends none', async () => {
    const server = open(['en', 'de'], 'viewer');
    await userEvent.click((await screen.findAllByRole('tab', { name: /Deutsch/ }))[0]);
    const german = await screen.findByRole('textbox', { name: 'Name (Deutsch)' });
    await waitFor(() => expect((german as HTMLInputElement).value).toBe('Werkzeuge'));
    expect(german.hasAttribute('readonly')).toBe(true);
    expect(server.to('PUT /categories/7/translations/de')).toHaveLength(0);
  });
});
