import { AdminOnlyNotice } from '../../components/AdminOnlyNotice';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../session/usePermissions';
import { USERS_CAPTION } from './texts';
import { UsersAdmin } from './UsersAdmin';

export function UsersPage() {
  const { has } = usePermissions();
  if (!has('user.manage')) {
    // No list request at all: the server would only answer 403 (admins only).
    return (
      <>
        <PageHeader title="Users" caption={USERS_CAPTION} />
        <AdminOnlyNotice />
      </>
    );
  }
  return <UsersAdmin />;
}
