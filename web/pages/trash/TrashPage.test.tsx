import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMITS, type TrashItem } from '#domain/history';
import { CONFIRM } from '#domain/messages';
import { fakeApi, httpError } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { TrashPage } from './TrashPage';

const item = (entity_type: TrashItem['entity_type'], entity_id: number, name: string): TrashItem => ({
  entity_type,
  entity_id,
  name,
  deleted_at: '2025-06-01T09:30:00.000Z',
  deleted_by: 1,
  deleted_by_name: entity_id === 8 ? null : 'Ada Admin',
  purge_at: '2025-07-01T09:30:00.000Z',
});

const CHAIR = item('product', 7, 'Oak chair');
const NORDIC = item('brand', 8, 'Nordic');

const listOf = (data: TrashItem[], total = data.length) => ({ data, meta: { total, total_exact: true } });

const renderTrash = (path = '/trash') =>
  renderWithProviders([{ path: '/trash', element: <TrashPage /> }], path);
const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
/** A row's action: the labelled button (the icon-only twin is for phones). */
const action = (name: string) => screen.getAllByRole('button', { name })[0];

describe('TrashPage', () => {
  it('lists what was deleted, by whom, and when it goes for good', async () => {
    const me = signedInAs('editor');
    const server = fakeApi({ 'GET /me': () => me, 'GET /trash': () => listOf([CHAIR, NORDIC], 2) });
    renderTrash('/trash?entity_type=product&q=oak');
    await screen.findByRole('rowheader', { name: 'Oak chair' });
    expect(within(row('Oak chair')).getByText('Product')).toBeTruthy();
    expect(within(row('Oak chair')).getByText('Ada Admin')).toBeTruthy();
    expect(within(row('Nordic')).getByText('Someone')).toBeTruthy();
    expect(within(row('Nordic')).getByText('2025-07-01')).toBeTruthy();
    expect(server.to('GET /trash')[0].params).toEqual({
      entity_type: 'product',
      q: 'oak',
      page: 1,
      limit: HISTORY_LIMITS.defaultLimit,
    });
    expect(screen.getByTestId('trash-total').textContent).toContain('2');
  });

  it('says the trash is empty, or that nothing matches a filter', async () => {
    const me = signedInAs('editor');
    fakeApi({ 'GET /me': () => me, 'GET /trash': () => listOf([]) });
    const { unmount } = renderTrash();
    expect(await screen.findByText('The trash is empty.')).toBeTruthy();
    unmount();
    renderTrash('/trash?entity_type=brand');
    expect(await screen.findByText('Nothing in the trash matches.')).toBeTruthy();
  });

  it('says the trash could not be loaded', async () => {
    const me = signedInAs('editor');
    fakeApi({
      'GET /me': () => me,
      'GET /trash': () => {
        throw httpError(500);
      },
    });
    renderTrash();
    expect(await screen.findByText('The trash could not be loaded.')).toBeTruthy();
  });

  it('restores an item and says what could not be put back', async () => {
    const me = signedInAs('editor');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /trash': () => listOf([CHAIR, NORDIC]),
      'POST /trash/product/7/restore': () => ({
        data: { entity_type: 'product', entity_id: 7, name: 'Oak chair' },
        skipped: [{ field: 'slug', message: 'The slug oak-chair is taken; a new one was given.' }],
      }),
    });
    renderTrash();
    await screen.findByRole('rowheader', { name: 'Oak chair' });
    await userEvent.click(action('Restore Oak chair'));
    await waitFor(() => expect(server.to('POST /trash/product/7/restore')).toHaveLength(1));
    expect(await screen.findByText('Oak chair restored')).toBeTruthy();
    expect(await screen.findByText('The slug oak-chair is taken; a new one was given.')).toBeTruthy();
  });

  it('gives an editor no way to delete for good', async () => {
    const me = signedInAs('editor');
    fakeApi({ 'GET /me': () => me, 'GET /trash': () => listOf([CHAIR]) });
    renderTrash();
    await screen.findByRole('rowheader', { name: 'Oak chair' });
    expect(screen.queryByRole('button', { name: 'Delete forever: Oak chair' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).toBeNull();
  });

  it('lets an admin delete one item for good after the confirmation', async () => {
    const me = signedInAs('admin');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /trash': () => listOf([CHAIR, NORDIC]),
      'DELETE /trash/brand/8': () => '',
    });
    renderTrash();
    await screen.findByRole('rowheader', { name: 'Nordic' });
    await userEvent.click(action('Delete forever: Nordic'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete forever?' });
    expect(within(dialog).getByText(CONFIRM.purge('Nordic'))).toBeTruthy();
    expect(server.to('DELETE /trash/brand/8')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(server.to('DELETE /trash/brand/8')).toHaveLength(1));
    expect(await screen.findByText('Nordic deleted forever')).toBeTruthy();
  });

  it('lets an admin empty the whole trash, but not while a filter is on', async () => {
    const me = signedInAs('admin');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /trash': () => listOf([CHAIR, NORDIC], 2),
      'DELETE /trash': () => ({ purged: 2 }),
    });
    const { unmount } = renderTrash('/trash?q=oak');
    await screen.findByRole('rowheader', { name: 'Oak chair' });
    expect(screen.queryByRole('button', { name: 'Empty trash' })).toBeNull();
    unmount();
    renderTrash();
    await userEvent.click(await screen.findByRole('button', { name: 'Empty trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty trash?' });
    expect(within(dialog).getByText(CONFIRM.emptyTrash('2 items'))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Empty trash' }));
    await waitFor(() => expect(server.to('DELETE /trash')).toHaveLength(1));
    expect(await screen.findByText('2 items deleted forever')).toBeTruthy();
  });
});
