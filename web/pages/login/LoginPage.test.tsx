import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#domain/constants';
import { TOAST, VALIDATION } from '#domain/messages';

vi.mock('../../api/auth', () => ({ login: vi.fn() }));
// Another file in this worker may have loaded these modules already (the web suite shares its
// module registry); reloading them here makes them take the mock above.
vi.resetModules();
const { login } = await import('../../api/auth');
const { GuestOnly } = await import('../../shell/GuestOnly');
const { RequireAuth } = await import('../../shell/RequireAuth');
const { renderWithProviders } = await import('../../test/renderWithProviders');
const { LoginPage } = await import('./LoginPage');

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <p>home</p> },
];

describe('LoginPage', () => {
  beforeEach(() => vi.mocked(login).mockReset());

  it('labels its fields so the password toggle does not take the Password label', () => {
    renderWithProviders(routes, '/login');
    expect(screen.getByLabelText('Email', { exact: true }).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password', { exact: true }).tagName).toBe('INPUT');
  });

  it('refuses to send an empty form and says why', async () => {
    renderWithProviders(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email', { exact: true }), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(VALIDATION.loginRequired)).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('stores the session, greets and goes home on success', async () => {
    vi.mocked(login).mockResolvedValue({
      token: 'tok-9',
      user: { id: 3, name: 'Eve Editor', email: 'eve@example.com', role: 'editor' },
    });
    const { router } = renderWithProviders(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email', { exact: true }), 'eve@example.com');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(TOAST.loggedIn)).toBeTruthy();
    expect(login).toHaveBeenCalledWith({ email: 'eve@example.com', password: 'secret1' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!)).toEqual({
      id: 3,
      username: 'Eve Editor',
      email: 'eve@example.com',
      role: 'editor',
    });
  });

  describe('returns to the page that was asked for', () => {
    const guarded = [
      { element: <GuestOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/brands', element: <p>brands</p> },
        ],
      },
    ];
    const signIn = async () => {
      vi.mocked(login).mockResolvedValue({
        token: 'tok-1',
        user: { id: 1, name: 'Ann', email: 'ann@example.com', role: 'admin' },
      });
      await userEvent.type(screen.getByLabelText('Email', { exact: true }), 'ann@example.com');
      await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'secret1');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    };

    it('a signed-out visitor goes to the login page with the asked path, and back there after signing in', async () => {
      const { router } = renderWithProviders(guarded, '/brands?q=acme&page=2');
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/brands?q=acme&page=2');
      await signIn();
      await waitFor(() => expect(router.state.location.pathname).toBe('/brands'));
      expect(router.state.location.search).toBe('?q=acme&page=2');
      expect(await screen.findByText('brands')).toBeTruthy();
    });

    it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\t/evil.example'])(
      'never follows %s off the site: it goes home',
      async (next) => {
        const { router } = renderWithProviders(guarded, `/login?next=${encodeURIComponent(next)}`);
        await signIn();
        await waitFor(() => expect(router.state.location.pathname).toBe('/'));
        expect(await screen.findByText('home')).toBeTruthy();
      },
    );
  });
});
