import { type AxiosAdapter, AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#domain/constants';

vi.mock('./redirect', () => ({ hardRedirect: vi.fn() }));
// Another file in this worker may have loaded these modules already (the web suite shares its
// module registry); reloading them here makes them take the mock above.
vi.resetModules();
const { api, LOGIN_PATH } = await import('./client');
const { hardRedirect } = await import('./redirect');

/** Answers every request with `status`, the way axios' own adapters reject non-2xx answers. */
function answerWith(status: number, data: unknown): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const response = { status, statusText: String(status), data, headers: new AxiosHeaders(), config };
    if (status < 400) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_REQUEST',
      config,
      null,
      response,
    );
  };
}

describe('api client', () => {
  const originalAdapter = api.defaults.adapter;

  beforeEach(() => {
    vi.mocked(hardRedirect).mockReset();
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    localStorage.setItem(
      STORAGE_KEYS.userData,
      JSON.stringify({ id: 1, username: 'A', email: 'a@x.io', role: 'admin' }),
    );
  });

  afterEach(() => {
    api.defaults.adapter = originalAdapter;
  });

  it('sends the stored token as a bearer header', async () => {
    let seen: string | undefined;
    api.defaults.adapter = async (config) => {
      seen = String(config.headers.get('Authorization'));
      return { status: 200, statusText: 'OK', data: {}, headers: new AxiosHeaders(), config };
    };
    await api.get('/me');
    expect(seen).toBe('Bearer tok-1');
  });

  it('on a 401 clears the stored session and redirects to /login', async () => {
    api.defaults.adapter = answerWith(401, { error: 'Your session has expired. Please sign in again' });
    await expect(api.get('/users')).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(hardRedirect).toHaveBeenCalledWith('/login');
  });

  it('requests that end the session together all return to where it ended', async () => {
    window.history.pushState({}, '', '/profile');
    try {
      api.defaults.adapter = answerWith(401, { error: 'Your session has expired. Please sign in again' });
      await Promise.all([
        expect(api.get('/me')).rejects.toBeInstanceOf(AxiosError),
        expect(api.get('/users')).rejects.toBeInstanceOf(AxiosError),
      ]);
      expect(vi.mocked(hardRedirect).mock.calls).toEqual([
        ['/login?next=%2Fprofile'],
        ['/login?next=%2Fprofile'],
      ]);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('leaves the session alone when the login call itself answers 401', async () => {
    api.defaults.adapter = answerWith(401, { error: 'Invalid email or password' });
    await expect(api.post(LOGIN_PATH, { email: 'a@x.io', password: 'nope' })).rejects.toBeInstanceOf(
      AxiosError,
    );
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(hardRedirect).not.toHaveBeenCalled();
  });

  it('does not end the session on other failures', async () => {
    api.defaults.adapter = answerWith(403, { error: 'Only admins can manage staff accounts' });
    await expect(api.get('/users')).rejects.toBeInstanceOf(AxiosError);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(hardRedirect).not.toHaveBeenCalled();
  });
});
