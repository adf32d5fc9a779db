import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ACCOUNT_TEXT as T } from '#domain/account';
import { BUYER_SESSION_EVENT, readBuyerToken, useAccountLogout, useAccountMe } from '../../api/account';
import classes from './Account.module.css';

/** Whether a buyer's token is stored now; redrawn when one is stored or forgotten, here or in another tab. */
export function useBuyerSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(() => readBuyerToken() !== null);
  useEffect(() => {
    const update = () => setSignedIn(readBuyerToken() !== null);
    window.addEventListener(BUYER_SESSION_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(BUYER_SESSION_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return signedIn;
}

/** Sets the tab's title while the page is shown. */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * The portal's frame: no staff chrome, the page's width on a phone. Signed in, the header names
 * the buyer (and their company) and offers the shop and sign-out.
 */
export function AccountShell({ children, signedIn }: { children: ReactNode; signedIn: boolean }) {
  const me = useAccountMe(signedIn);
  const logout = useAccountLogout();
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <header className={classes.header}>
          <div>
            <Title order={1} size="h2">
              {T.title}
            </Title>
            {signedIn && me.data && (
              <Text c="dimmed" size="sm" data-testid="account-who">
                {me.data.name} · {me.data.email}
                {me.data.company ? ` · ${me.data.company}` : ''}
              </Text>
            )}
          </div>
          <Group gap="sm">
            <Anchor href="/shop" fw={600} size="sm">
              {T.shop}
            </Anchor>
            {signedIn && (
              <Button
                variant="default"
                size="sm"
                leftSection={<IconLogout size={16} aria-hidden />}
                loading={logout.isPending}
                onClick={() => logout.mutate()}
              >
                {T.signOut}
              </Button>
            )}
          </Group>
        </header>
        {signedIn && me.data?.sees_company && me.data.company && (
          <Text size="sm" data-testid="account-company-note">
            {T.companyNote(me.data.company)}
          </Text>
        )}
        {children}
      </Stack>
    </Container>
  );
}
