import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Brand } from '#domain/brands';
import { CONFIRM, TOAST } from '#domain/messages';
import { fakeApi, httpError } from '../../test/fakeApi';
import { fill } from '../../test/fill';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { BrandsPage } from './BrandsPage';

const brand = (id: number, name: string, slug: string): Brand => ({
  id,
  name,
  slug,
  logo_url: null,
  description: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

const NORDIC = brand(3, 'Nordic', 'nordic');
const ACME = brand(5, 'Acme Tools', 'acme-tools');

const page = (data: Brand[], total = data.length) => ({ data, meta: { total, total_exact: true } });

const renderBrands = (path = '/brands') =>
  renderWithProviders([{ path: '/brands', element: <BrandsPage /> }], path);

const table = () => screen.getByRole('table', { name: 'Brands' });
const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('BrandsPage', () => {
  it('lists the brands the server answers, asking for the page the address names', async () => {
    const server = fakeApi({ 'GET /brands': () => page([NORDIC, ACME], 12) });
    renderBrands('/brands?page=2&sortBy=name&order=asc');
    expect(await screen.findByRole('rowheader', { name: 'Nordic' })).toBeTruthy();
    expect(within(row('Acme Tools')).getByText('acme-tools')).toBeTruthy();
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('brands-total').textContent).toContain('12');
    expect(server.to('GET /brands')[0].params).toEqual({ page: 2, limit: 10, sortBy: 'name', order: 'asc' });
  });

  it('says so when there are no brands', async () => {
    fakeApi({ 'GET /brands': () => page([]) });
    renderBrands();
    expect(await within(table()).findByText('No brands found.')).toBeTruthy();
  });

  it('says the list could not be loaded when the server fails', async () => {
    fakeApi({
      'GET /brands': () => {
        throw httpError(500, { error: 'boom' });
      },
    });
    renderBrands();
    expect(await within(table()).findByText('Brands could not be loaded.')).toBeTruthy();
  });

  it('deletes a brand only after the confirmation, and offers to undo', async () => {
    const me = signedInAs('editor');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /brands': () => page([NORDIC, ACME]),
      'DELETE /brands/3': () => '',
    });
    renderBrands();
    await screen.findByRole('rowheader', { name: 'Nordic' });
    await userEvent.click(within(row('Nordic')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete brand?' });
    expect(within(dialog).getByText(CONFIRM.deleteBrand('Nordic'))).toBeTruthy();
    expect(server.to('DELETE /brands/3')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.to('DELETE /brands/3')).toHaveLength(1));
    expect(await screen.findByText('Nordic moved to trash')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    // The list is read again once the brand is gone.
    await waitFor(() => expect(server.to('GET /brands').length).toBeGreaterThan(1));
  });

  it('saves an edited name as JSON to the brand', async () => {
    const me = signedInAs('editor');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /brands': () => page([NORDIC]),
      'PUT /brands/3': ({ body }) => ({ ...NORDIC, ...(body as object) }),
    });
    renderBrands();
    await screen.findByRole('rowheader', { name: 'Nordic' });
    await userEvent.click(within(row('Nordic')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brand' });
    const name = within(dialog).getByLabelText('Name', { exact: false });
    await userEvent.clear(name);
    await fill(name, 'Nordic Living');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('PUT /brands/3')).toHaveLength(1));
    expect(server.to('PUT /brands/3')[0].body).toMatchObject({ name: 'Nordic Living', slug: 'nordic' });
    expect(await screen.findByText(TOAST.brandUpdated)).toBeTruthy();
  });

  it('edits the description in German on its own tab, marked missing until written, and saves it', async () => {
    const me = signedInAs('editor');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /locales': () => ({ default: 'en', locales: ['en', 'de'] }),
      'GET /brands': () => page([{ ...NORDIC, description: 'Scandinavian design' }]),
      'GET /brands/3/translations': () => ({ de: { description: null, updated_at: null } }),
      'PUT /brands/3': ({ body }) => ({ ...NORDIC, ...(body as object) }),
      'PUT /brands/3/translations/de': ({ body }) => ({ ...(body as object), updated_at: null }),
    });
    renderBrands();
    await screen.findByRole('rowheader', { name: 'Nordic' });
    await userEvent.click(within(row('Nordic')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brand' });
    // The name is the same in every language: only the description has tabs.
    expect(within(dialog).getAllByRole('tablist')).toHaveLength(1);
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Deutsch, translation missing' }));
    const german = within(dialog).getByRole('textbox', { name: 'Description (Deutsch)' });
    expect(german.getAttribute('placeholder')).toBe('Scandinavian design');
    await fill(german, 'Skandinavisches Design');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('PUT /brands/3/translations/de')).toHaveLength(1));
    expect(server.to('PUT /brands/3/translations/de').map((r) => r.body)).toEqual([
      { description: 'Skandinavisches Design' },
    ]);
  });
});
