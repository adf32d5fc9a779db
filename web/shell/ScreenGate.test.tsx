import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_TEXT, type PermissionCode } from '#domain/permissions';
import { api } from '../api/client';
import { renderWithProviders } from '../test/renderWithProviders';
import { signedInAs } from '../test/signedIn';
import { ScreenGate } from './ScreenGate';

/** A session whose custom role holds exactly these rights. */
function signedInWith(permissions: PermissionCode[]) {
  const me = { ...signedInAs('editor'), role: 'custom', role_name: 'Custom', permissions };
  vi.spyOn(api, 'get').mockImplementation(async () => ({ data: me }));
}

const gated = (text: string) => (
  <ScreenGate>
    <p>{text}</p>
  </ScreenGate>
);
const routes = [
  { path: '/', element: gated('Dashboard screen') },
  { path: '/inquiries', element: gated('Inbox screen') },
  { path: '/users', element: gated('Users screen') },
];

afterEach(() => vi.restoreAllMocks());

describe('ScreenGate', () => {
  it('leads a role that cannot read the dashboard from it to its first screen', async () => {
    signedInWith(['inquiry.read', 'inquiry.work']);
    const { router } = renderWithProviders(routes, '/');
    expect(await screen.findByText('Inbox screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/inquiries');
  });

  it('shows the notice, not a redirect, on any other screen the role lacks', async () => {
    signedInWith(['inquiry.read']);
    const { router } = renderWithProviders(routes, '/users');
    expect(await screen.findByText(PERMISSION_TEXT.noAccess)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
    expect(screen.queryByText('Users screen')).toBeNull();
  });

  it('opens the dashboard for a role that reads the catalogue', async () => {
    signedInWith(['catalogue.read', 'inquiry.read']);
    renderWithProviders(routes, '/');
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
  });
});
