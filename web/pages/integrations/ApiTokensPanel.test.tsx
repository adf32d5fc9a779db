import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiTokenRecord as token } from '../../test/apiTokens';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { IntegrationsPage } from './IntegrationsPage';

configure({ asyncUtilTimeout: 5000 });

const renderTokens = () =>
  renderWithProviders(
    [
      { path: '/settings/integrations', element: <IntegrationsPage /> },
      { path: '/activity', element: <p>Activity screen</p> },
    ],
    '/settings/integrations',
  );

describe('ApiTokensPanel', { timeout: 20_000 }, () => {
  it('opens Activity filtered to a token from its row', async () => {
    const me = signedInAs('admin', { id: 1 });
    fakeApi({
      'GET /me': () => me,
      'GET /api-tokens': () => ({ data: [token(5, 'ERP'), token(6, 'Feed')], roles: [] }),
    });
    const { router } = renderTokens();
    const row = await screen.findByTestId('api-token-6');
    const link = within(row).getByRole('link', { name: 'Activity: Feed' });
    expect(link.getAttribute('href')).toBe('/activity?token=6');
    await userEvent.click(link);
    expect(await screen.findByText('Activity screen')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/activity?token=6');
  });

  it('offers no Activity link to someone who may manage tokens but not read the log', async () => {
    const me = signedInAs('admin', { id: 1 });
    me.permissions = me.permissions.filter((p) => p !== 'history.read');
    const server = fakeApi({
      'GET /me': () => me,
      'GET /api-tokens': () => ({ data: [token(5, 'ERP')], roles: [] }),
    });
    renderTokens();
    const row = await screen.findByTestId('api-token-5');
    await waitFor(() => expect(server.to('GET /me')).not.toHaveLength(0));
    expect(within(row).getByRole('button', { name: 'Revoke: ERP' })).toBeTruthy();
    expect(within(row).queryByRole('link')).toBeNull();
  });
});
