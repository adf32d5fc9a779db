import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TEXT as T } from '#domain/account';
import { useStartSession } from '../../api/account';
import { errorMessage } from '../../api/errors';
import { AccountShell, useTitle } from './AccountShell';

/**
 * The e-mailed link (/account/login?token=…): exchanged once for the buyer's own token, then the
 * portal. The token leaves the address bar at once, so it is neither bookmarked nor shared.
 */
export function AccountLoginPage() {
  useTitle(T.signInTitle);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = useStartSession();
  const asked = useRef(false);
  useEffect(() => {
    // Once, even when React runs the effect twice: a link works once.
    if (asked.current) return;
    asked.current = true;
    const token = params.get('token') ?? '';
    window.history.replaceState(null, '', '/account/login');
    start.mutate(token, { onSuccess: () => navigate('/account', { replace: true }) });
  }, [params, navigate, start]);
  return (
    <AccountShell signedIn={false}>
      {start.isError ? (
        <Alert color="yellow" title={T.linkFailedTitle}>
          <Stack gap="sm">
            <Text size="sm">{errorMessage(start.error, T.linkInvalid)}</Text>
            <Group>
              <Button component={Link} to="/account" variant="default" size="sm">
                {T.askAgain}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="center" py="xl" gap="sm">
          <Loader size="sm" aria-hidden />
          <Text role="status">{T.signingIn}</Text>
        </Group>
      )}
    </AccountShell>
  );
}
