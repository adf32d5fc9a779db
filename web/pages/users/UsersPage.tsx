import { Tabs } from '@mantine/core';
import { IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ROLE_SCREEN_TEXT } from '#domain/roles';
import { AdminOnlyNotice } from '../../components/AdminOnlyNotice';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../session/usePermissions';
import { RolesPanel } from './RolesPanel';
import { USERS_CAPTION } from './texts';
import { UsersAdmin } from './UsersAdmin';

/** Users and Roles, as two tabs; the chosen tab is in the URL (`tab=roles`). */
export function UsersPage() {
  const { has } = usePermissions();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!has('user.manage')) {
    // No list request at all: the server would only answer 403.
    return (
      <>
        <PageHeader title="Users" caption={USERS_CAPTION} />
        <AdminOnlyNotice />
      </>
    );
  }
  const tab = searchParams.get('tab') === 'roles' ? 'roles' : 'users';
  const choose = (next: string | null) => {
    const url = new URLSearchParams(next === 'roles' ? { tab: 'roles' } : {});
    setSearchParams(url);
  };
  return (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
          {ROLE_SCREEN_TEXT.usersTab}
        </Tabs.Tab>
        <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} aria-hidden />}>
          {ROLE_SCREEN_TEXT.tab}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="users">
        <UsersAdmin />
      </Tabs.Panel>
      <Tabs.Panel value="roles">
        <PageHeader
          title={ROLE_SCREEN_TEXT.tab}
          caption="What each role may do, and how many users hold it."
        />
        <RolesPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
