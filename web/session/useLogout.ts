import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../api/auth';
import { useSession } from './SessionContext';

/**
 * Signs out: the server revokes the token (so a copy of it stops working everywhere) while this
 * tab forgets it at once. `alreadyRevoked` skips the call after "sign out everywhere".
 */
export function useLogout(): (opts?: { alreadyRevoked?: boolean }) => void {
  const { signOut, token } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (opts?: { alreadyRevoked?: boolean }) => {
      // A failed call (offline) cannot be retried without the token; it still expires on its own.
      if (token && !opts?.alreadyRevoked) logout(token).catch(() => {});
      signOut();
      // Cached screens belong to the account that just left.
      queryClient.clear();
      navigate('/login', { replace: true });
    },
    [signOut, token, queryClient, navigate],
  );
}
