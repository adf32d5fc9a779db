import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import { FALLBACK, TOAST, VALIDATION } from '#domain/messages';
import { login } from '../api/auth';
import { toastError } from '../api/errors';
import { returnPathFrom } from '../api/returnPath';
import { useGlobalLoading } from './GlobalLoadingContext';
import { useSession } from './SessionContext';

/**
 * Login: required check, global loading flag, store the session, toast, and go to the
 * page that was asked for (the login page's `next`, a path of this app only), or home.
 */
export function useLogin() {
  const { signIn } = useSession();
  const { setLoading } = useGlobalLoading();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [pending, setPending] = useState(false);

  const submit = useCallback(
    async (email: string, password: string) => {
      if (!email.trim() || !password) {
        toast.error(VALIDATION.loginRequired);
        return;
      }
      setPending(true);
      setLoading(true);
      try {
        const { token, user } = await login({ email: email.trim(), password });
        queryClient.clear();
        signIn(token, user);
        toast.success(TOAST.loggedIn);
        navigate(returnPathFrom(search), { replace: true });
      } catch (error) {
        toastError(error, FALLBACK.login);
      } finally {
        setPending(false);
        setLoading(false);
      }
    },
    [signIn, setLoading, queryClient, navigate, search],
  );

  return { submit, pending };
}
