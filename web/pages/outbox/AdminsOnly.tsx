import type { ReactNode } from 'react';
import { AdminOnlyNotice } from '../../components/AdminOnlyNotice';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../session/usePermissions';
import { OUTBOX_SCREEN as T } from './texts';

/**
 * The outbox's screens for admins; anyone else sees why, and no request is made at all (the
 * server would only answer 403).
 */
export function AdminsOnly({ children }: { children: ReactNode }) {
  const { has } = usePermissions();
  if (has('outbox.read')) return children;
  return (
    <>
      <PageHeader title={T.title} caption={T.caption} />
      <AdminOnlyNotice description={T.adminsOnly} />
    </>
  );
}
