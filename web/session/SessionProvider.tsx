import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SessionUser, StoredUserData } from '#domain/users';
import { getMe } from '../api/me';
import { clearStoredSession, readStoredToken, storeToken } from '../api/tokenStorage';
import { type Session, SessionContext } from './SessionContext';
import { readStoredSession, storeUserData, toStoredUserData } from './storage';

type State = { user: StoredUserData | null; token: string | null; loading: boolean };

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ user: null, token: null, loading: true });
  // Read by callbacks that outlive a render (the background /api/me check), so a late answer
  // cannot bring back a session that was signed out in the meantime.
  const tokenRef = useRef<string | null>(null);

  const setSession = useCallback((token: string | null, user: StoredUserData | null) => {
    tokenRef.current = token;
    setState({ user, token, loading: false });
  }, []);

  const updateUser = useCallback((user: SessionUser) => {
    // Storage is shared by every tab: once another sign-in has replaced the stored token, an
    // answer about this tab's user must not be written over that session's user data: a late
    // /api/me answer for an admin, stored beside an editor's token, would show the editor the
    // admin's screens until the editor's own check came back.
    if (!tokenRef.current || readStoredToken() !== tokenRef.current) return;
    const stored = toStoredUserData(user);
    storeUserData(stored);
    setState((s) => ({ ...s, user: stored }));
  }, []);

  useEffect(() => {
    const restored = readStoredSession();
    setSession(restored?.token ?? null, restored?.user ?? null);
    if (!restored) return;
    // The stored copy may be stale or revoked: confirm it in the background. A 401 is handled by
    // the HTTP client (redirect to /login); any other failure keeps the restored session.
    getMe()
      .then((me) => {
        if (tokenRef.current === restored.token) updateUser(me);
      })
      .catch(() => {});
  }, [setSession, updateUser]);

  const signIn = useCallback(
    (token: string, user: SessionUser) => {
      const stored = toStoredUserData(user);
      storeToken(token);
      storeUserData(stored);
      setSession(token, stored);
    },
    [setSession],
  );

  const signOut = useCallback(() => {
    clearStoredSession();
    setSession(null, null);
  }, [setSession]);

  const updateToken = useCallback((token: string) => {
    storeToken(token);
    tokenRef.current = token;
    setState((s) => ({ ...s, token }));
  }, []);

  const value = useMemo<Session>(
    () => ({ ...state, signIn, signOut, updateUser, updateToken }),
    [state, signIn, signOut, updateUser, updateToken],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
