import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '#domain/constants';
import { TOAST, VALIDATION } from '#domain/messages';
import { fakeApi, httpError } from '../../test/fakeApi';
import { fill } from '../../test/fill';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInAs } from '../../test/signedIn';
import { ProfilePage } from './ProfilePage';

const routes = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/login', element: <p>login page</p> },
];
const renderProfile = () => renderWithProviders(routes, '/profile');

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.mantine-Card-root') as HTMLElement;
const password = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('ProfilePage', () => {
  it('shows the account as the server reads it', async () => {
    const me = signedInAs('editor', { name: 'Eve Editor', email: 'eve@example.com' });
    fakeApi({ 'GET /me': () => me });
    renderProfile();
    const details = card('Account details');
    expect(await within(details).findByText('eve@example.com')).toBeTruthy();
    expect(within(details).getByText('Eve Editor')).toBeTruthy();
    expect(within(details).getByText('editor')).toBeTruthy();
  });

  it('says so when the profile cannot be loaded', async () => {
    signedInAs('editor');
    fakeApi({
      'GET /me': () => {
        throw httpError(500);
      },
    });
    renderProfile();
    expect(await screen.findByText('Your profile could not be loaded.')).toBeTruthy();
  });

  it('saves edited details trimmed, and the session takes the new name', async () => {
    const me = signedInAs('editor', { id: 4, name: 'Eve Editor' });
    const server = fakeApi({
      'GET /me': () => me,
      'PUT /me': ({ body }) => ({ ...me, ...(body as object) }),
    });
    renderProfile();
    const details = card('Account details');
    await within(details).findByText('Eve Editor');
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    const name = within(details).getByLabelText('Name', { exact: false });
    await userEvent.clear(name);
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(VALIDATION.profileRequired)).toBeTruthy();
    expect(server.to('PUT /me')).toHaveLength(0);
    await fill(name, ' Eve Evans ');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('PUT /me')).toHaveLength(1));
    expect(server.to('PUT /me')[0].body).toEqual({ name: 'Eve Evans', email: 'eve@example.com' });
    expect(await screen.findByText(TOAST.profileUpdated)).toBeTruthy();
    expect(await within(details).findByText('Eve Evans')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!).username).toBe('Eve Evans');
  });

  it('cancelling an edit keeps the stored details', async () => {
    const me = signedInAs('editor', { name: 'Eve Editor' });
    const server = fakeApi({ 'GET /me': () => me });
    renderProfile();
    const details = card('Account details');
    await within(details).findByText('Eve Editor');
    await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
    await fill(within(details).getByLabelText('Name', { exact: false }), ' II');
    await userEvent.click(within(details).getByRole('button', { name: 'Cancel' }));
    expect(within(details).getByText('Eve Editor')).toBeTruthy();
    expect(server.to('PUT /me')).toHaveLength(0);
  });

  it('refuses new passwords that differ, then changes it and keeps the new token', async () => {
    const me = signedInAs('editor', { id: 4 });
    const server = fakeApi({ 'GET /me': () => me, 'PUT /me/password': () => ({ token: 'tok-new' }) });
    renderProfile();
    await fill(password('Current password'), 'old-secret');
    await fill(password('New password'), 'new-secret-1');
    await fill(password('Confirm new password'), 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(VALIDATION.newPasswordsMismatch)).toBeTruthy();
    expect(server.to('PUT /me/password')).toHaveLength(0);

    await userEvent.clear(password('Confirm new password'));
    await fill(password('Confirm new password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(server.to('PUT /me/password')).toHaveLength(1));
    expect(server.to('PUT /me/password')[0].body).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret-1',
    });
    expect(await screen.findByText(TOAST.passwordUpdated)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-new');
    expect((password('New password') as HTMLInputElement).value).toBe('');
  });

  it('signs out everywhere after the confirmation and goes to the login page', async () => {
    const me = signedInAs('editor');
    const server = fakeApi({ 'GET /me': () => me, 'POST /auth/logout-all': () => '' });
    const { router } = renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    expect(server.to('POST /auth/logout-all')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.to('POST /auth/logout-all')).toHaveLength(1);
    // The server revoked every token already: no separate sign-out call goes out.
    expect(server.to('POST /auth/logout')).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(await screen.findByText(TOAST.signedOutEverywhere)).toBeTruthy();
  });
});
