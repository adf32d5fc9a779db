import { Button, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { PAGING, USER_SORT_KEYS, type UserSortKey } from '#domain/constants';
import { CONFIRM, TOAST } from '#domain/messages';
import { pageAfterDelete, pageCount } from '#domain/paging';
import { ROLE_SCREEN_TEXT } from '#domain/roles';
import type { User } from '#domain/users';
import { useRoles } from '../../api/roles';
import { useDeleteUser, useUpdateUser, useUsers } from '../../api/users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OrderSelect, PerPageSelect, SELECT_DEFAULTS, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useCreateParam } from '../../components/useCreateParam';
import { useDialogState } from '../../components/useDialogState';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { useSession } from '../../session/SessionContext';
import { usePermissions } from '../../session/usePermissions';
import { AddUserModal } from './AddUserModal';
import { USERS_CAPTION } from './texts';
import { UserProfileModal } from './UserProfileModal';
import { UsersTable } from './UsersTable';

const ALL_ROLES = 'all';
const SORT_LABELS: Record<UserSortKey, string> = { created_at: 'Created', name: 'Name', email: 'Email' };
const SORT_OPTIONS = USER_SORT_KEYS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The Users screen for admins: list, add, profile, delete. */
export function UsersAdmin() {
  const list = useListState<UserSortKey, 'role'>({
    ...PAGING.users,
    sortKeys: USER_SORT_KEYS,
    limits: PAGING.users.options,
    filters: ['role'],
  });
  const { params } = list;
  const role = list.filters.role;
  const users = useUsers({ ...params, role });
  const roles = useRoles();
  const rights = usePermissions();
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.key, label: r.name }));
  // The server gives no role holding a right the caller lacks: such roles are shown, not offered.
  const grantOptions = (roles.data ?? []).map((r) => ({
    value: r.key,
    label: rights.holdsAll(r.permissions) ? r.name : `${r.name} · ${ROLE_SCREEN_TEXT.beyondOwn}`,
    disabled: !rights.holdsAll(r.permissions),
  }));
  const changeRole = useUpdateUser();
  const remove = useDeleteUser();
  const [adding, setAdding] = useState(false);
  useCreateParam(() => setAdding(true));
  const profile = useDialogState<number>();

  const total = users.data?.total ?? 0;
  const pages = pageCount(total, params.limit);

  useKeepPageInRange(params.page, pages, !!users.data, list.setPage);

  const deleting = useDialogState<User>();
  const { user: me } = useSession();

  const confirmDelete = () => {
    const user = deleting.item;
    if (!user) return;
    remove.mutate(user.id, {
      onSettled: deleting.close,
      onSuccess: () => {
        toast.success(TOAST.userDeleted);
        list.setPage(pageAfterDelete(params.page, total - 1, params.limit), { replace: true });
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Users"
        caption={
          <>
            {USERS_CAPTION} {users.data && <TotalCount count={total} singular="user" testId="users-total" />}
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add User
          </Button>
        }
      />
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder="Name or email" />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <Select
          label={ROLE_SCREEN_TEXT.filterLabel}
          data={[{ value: ALL_ROLES, label: ROLE_SCREEN_TEXT.allRoles }, ...roleOptions]}
          value={role ?? ALL_ROLES}
          onChange={(v) => list.setFilter('role', !v || v === ALL_ROLES ? undefined : v)}
          {...SELECT_DEFAULTS}
          style={{ flex: '0 1 180px' }}
        />
        <PerPageSelect value={params.limit} options={PAGING.users.options} onChange={list.setLimit} />
      </ListToolbar>
      <UsersTable
        users={users.data?.data}
        loading={users.isFetching}
        failed={users.isError}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
        ownId={me?.id ?? null}
        onProfile={(user) => profile.open(user.id)}
        roleOptions={grantOptions}
        changingId={changeRole.isPending ? (changeRole.variables?.id ?? null) : null}
        onRole={(user, next) =>
          changeRole.mutate(
            { id: user.id, body: { role: next } },
            { onSuccess: () => toast.success(ROLE_SCREEN_TEXT.roleChanged) },
          )
        }
        onDelete={deleting.open}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
      <AddUserModal
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={() => {
          setAdding(false);
          list.setPage(1);
        }}
      />
      <UserProfileModal userId={profile.item} opened={profile.opened} onClose={profile.close} />
      <ConfirmDialog
        opened={deleting.opened}
        title="Delete user?"
        message={deleting.item ? CONFIRM.deleteUser(deleting.item.name) : ''}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deleting.close}
      />
    </>
  );
}
