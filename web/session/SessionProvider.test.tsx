import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#domain/constants';
import { SESSION_TEXT } from '#domain/messages';
import type { Me, StoredUserData } from '#domain/users';

vi.mock('../api/me', () => ({ getMe: vi.fn() }));
// Another file in this worker may have loaded these modules already (the web suite shares its
// module registry); reloading them here makes them take the mock above.
vi.resetModules();
const { getMe } = await import('../api/me');
const { useSession } = await import('./SessionContext');
const { SessionProvider } = await import('./SessionProvider');

const stored: StoredUserData = { id: 7, username: 'Ada Admin', email: 'ada@example.com', role: 'admin' };

/** What /api/me answers for that admin after a rename elsewhere. */
const adaRenamed: Me = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'admin',
  role_name: 'Admin',
  permissions: ['user.manage', 'role.manage'],
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-02T00:00:00.000Z',
};

function Probe() {
  const { user, token, loading } = useSession();
  if (loading) return <p>loading</p>;
  return <p data-testid="session">{user ? `${user.username}|${user.role}|${token}` : 'signed out'}</p>;
}

const renderSession = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );

describe('SessionProvider', () => {
  beforeEach(() => {
    vi.mocked(getMe).mockReset();
    // The background check never answers unless a test says so.
    vi.mocked(getMe).mockReturnValue(new Promise(() => {}));
  });

  it('restores the session when both token and user data are stored', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(stored));
    renderSession();
    expect(await screen.findByTestId('session')).toHaveProperty('textContent', 'Ada Admin|admin|tok-1');
    expect(getMe).toHaveBeenCalledTimes(1);
  });

  it('refreshes the stored user data from the background /api/me check', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(stored));
    vi.mocked(getMe).mockResolvedValue(adaRenamed);
    renderSession();
    await waitFor(() => expect(screen.getByTestId('session').textContent).toBe('Ada Lovelace|admin|tok-1'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!)).toEqual({
      id: 7,
      username: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'admin',
    });
  });

  it('does not write a late /api/me answer over a session signed in since, in another tab', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-admin');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(stored));
    let answer: (me: Awaited<ReturnType<typeof getMe>>) => void = () => {};
    vi.mocked(getMe).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderSession();
    expect(await screen.findByTestId('session')).toHaveProperty('textContent', 'Ada Admin|admin|tok-admin');
    const editor: StoredUserData = {
      id: 9,
      username: 'Eve Editor',
      email: 'eve@example.com',
      role: 'editor',
    };
    // Another tab signs in as the editor before this tab's check answers for the admin.
    localStorage.setItem(STORAGE_KEYS.token, 'tok-editor');
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(editor));
    answer(adaRenamed);
    // The answer has been handled once the microtasks have run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!)).toEqual(editor);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-editor');
    expect(screen.getByTestId('session').textContent).toBe('Ada Admin|admin|tok-admin');
  });

  it('warns, clears both keys and stays signed out when userData is corrupt', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.userData, '{not json');
    renderSession();
    expect(await screen.findByTestId('session')).toHaveProperty('textContent', 'signed out');
    expect(warn).toHaveBeenCalledWith(SESSION_TEXT.corruptUserData);
    expect(warn.mock.calls[0][0]).toBe('Failed to parse stored userData, clearing it.');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(getMe).not.toHaveBeenCalled();
  });

  it('stays signed out without a stored token and keeps the user data untouched', async () => {
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(stored));
    renderSession();
    expect(await screen.findByTestId('session')).toHaveProperty('textContent', 'signed out');
    expect(localStorage.getItem(STORAGE_KEYS.userData)).not.toBeNull();
    expect(getMe).not.toHaveBeenCalled();
  });
});
