import { createContext, useContext } from 'react';
import type { SessionUser, StoredUserData } from '#domain/users';

export type Session = {
  user: StoredUserData | null;
  token: string | null;
  /** True until the stored credentials have been read. */
  loading: boolean;
  signIn: (token: string, user: SessionUser) => void;
  signOut: () => void;
  /** After a profile save or a background /api/me check. */
  updateUser: (user: SessionUser) => void;
  /** A password change answers with a fresh token; older ones stop working. */
  updateToken: (token: string) => void;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
