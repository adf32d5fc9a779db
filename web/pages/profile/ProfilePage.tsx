import { SimpleGrid } from '@mantine/core';
import { useMe } from '../../api/me';
import { PageHeader } from '../../components/PageHeader';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ProfileDetailsCard } from './ProfileDetailsCard';
import { SessionsCard } from './SessionsCard';

export function ProfilePage() {
  const me = useMe();
  return (
    <>
      <PageHeader title="My Profile" caption="Your account details and password." />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <ProfileDetailsCard me={me.data} failed={me.isError} />
        <ChangePasswordCard />
        <SessionsCard />
      </SimpleGrid>
    </>
  );
}
