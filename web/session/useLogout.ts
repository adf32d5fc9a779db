import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './SessionContext';

export function useLogout(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    // Cached screens belong to the account that just left.
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [signOut, queryClient, navigate]);
}
