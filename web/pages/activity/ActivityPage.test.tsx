import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '#domain/history';
import { apiTokenRecord as token } from '../../test/apiTokens';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { ActivityPage } from './ActivityPage';

// The screen reads the user's rights before its log: a loaded machine needs more than a second.
configure({ asyncUtilTimeout: 5000 });

const byToken = (id: number, tokenId: number, name: string): HistoryEntry => ({
  id,
  actor_id: null,
  actor_name: `API token “${name}”`,
  token_id: tokenId,
  at: '2026-11-20T10:00:00.000Z',
  entity_type: 'product',
  entity_id: 40 + id,
  entity_name: `Stool ${id}`,
  action: 'update',
  changes: { mrp: { before: 3, after: 4 } },
  batch_id: null,
});

const page = (data: HistoryEntry[]) => ({
  data,
  meta: { total: data.length, total_exact: true, page: 1, limit: 25 },
});

const renderActivity = (path = '/activity') =>
  renderWithProviders([{ path: '/activity', element: <ActivityPage /> }], path);

describe('ActivityPage: the API token filter', { timeout: 20_000 }, () => {
  it("lists an admin's tokens, filters by the one picked and keeps it in the URL", async () => {
    const me = signedInAs('admin', { id: 1 });
    const server = fakeApi({
      'GET /me': () => me,
      'GET /users': () => ({ data: [me], meta: { total: 1, total_exact: true } }),
      'GET /api-tokens': () => ({ data: [token(5, 'ERP'), token(6, 'Feed')], roles: [] }),
      'GET /history': (r) => page(r.params?.token_id === 5 ? [byToken(11, 5, 'ERP')] : []),
    });
    const { router } = renderActivity('/activity?actor=1');
    const select = await screen.findByLabelText('API token');
    await waitFor(() => expect(server.to('GET /api-tokens')).toHaveLength(1));
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'ERP' }));
    // Picking a token clears the person: a token's changes have none.
    await waitFor(() => expect(router.state.location.search).toBe('?token=5'));
    const entry = await screen.findByTestId('activity-entry');
    expect(within(entry).getByText('API token “ERP”')).toBeTruthy();
    const asked = server.to('GET /history').at(-1)?.params;
    expect(asked).toMatchObject({ token_id: 5 });
    expect(asked).not.toHaveProperty('actor_id');
  });

  it('filters by a token in the URL for a reader who may not list tokens, named by its entries', async () => {
    const me = signedInAs('editor', { id: 9 });
    const server = fakeApi({
      'GET /me': () => me,
      'GET /history': () => page([byToken(12, 7, 'ERP')]),
    });
    renderActivity('/activity?token=7');
    expect(await screen.findByTestId('activity-entry')).toBeTruthy();
    expect(server.to('GET /history')[0].params).toMatchObject({ token_id: 7 });
    expect(server.to('GET /api-tokens')).toHaveLength(0);
    const select = screen.getByLabelText('API token') as HTMLInputElement;
    await waitFor(() => expect(select.value).toBe('API token “ERP”'));
  });

  it('offers no token filter to such a reader when none is asked for', async () => {
    const me = signedInAs('editor', { id: 9 });
    const server = fakeApi({ 'GET /me': () => me, 'GET /history': () => page([]) });
    renderActivity();
    await waitFor(() => expect(server.to('GET /history')).toHaveLength(1));
    expect(screen.getByLabelText('Type')).toBeTruthy();
    expect(screen.queryByLabelText('API token')).toBeNull();
    expect(server.to('GET /api-tokens')).toHaveLength(0);
  });
});

describe('ActivityPage: one record', { timeout: 20_000 }, () => {
  it("shows only a customer's changes, named by its entries, until the chip lets go", async () => {
    const me = signedInAs('admin', { id: 1 });
    const dana: HistoryEntry = {
      ...byToken(21, 5, 'ERP'),
      entity_type: 'customer',
      entity_id: 12,
      entity_name: 'Dana Diaz',
    };
    const server = fakeApi({
      'GET /me': () => me,
      'GET /users': () => ({ data: [me], meta: { total: 1, total_exact: true } }),
      'GET /api-tokens': () => ({ data: [], roles: [] }),
      'GET /history': (r) => page(r.params?.entity_id === 12 ? [dana] : []),
    });
    const { router } = renderActivity('/activity?type=customer&entity=12');
    const chip = await screen.findByTestId('activity-record-chip');
    await waitFor(() => expect(chip.textContent).toBe('Only customer “Dana Diaz”'));
    expect(server.to('GET /history')[0].params).toMatchObject({ entity_type: 'customer', entity_id: 12 });
    await userEvent.click(screen.getByRole('button', { name: 'Show every customer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=customer'));
    expect(screen.queryByTestId('activity-record-chip')).toBeNull();
    await waitFor(() => expect(server.to('GET /history').at(-1)?.params).not.toHaveProperty('entity_id'));
  });
});
