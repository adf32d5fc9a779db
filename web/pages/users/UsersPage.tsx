import { AdminOnlyNotice } from '../../components/AdminOnlyNotice';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../../session/SessionContext';
import { USERS_CAPTION } from './texts';
import { UsersAdmin } from './UsersAdmin';

export function UsersPage() {
  const { user } = useSession();
  if (user?.role !== 'admin') {
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
