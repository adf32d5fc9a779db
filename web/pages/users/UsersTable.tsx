import { Badge, Select, Table } from '@mantine/core';
import { API_ERROR } from '#domain/messages';
import { ROLE_SCREEN_TEXT } from '#domain/roles';
import type { User } from '#domain/users';
import { useRoleName } from '../../api/roles';
import { ListTable } from '../../components/ListTable';
import { RowActions } from '../../components/RowActions';

const COLUMNS = ['ID', 'Name', 'Email', 'Role', 'Actions'];

type Props = {
  users: readonly User[] | undefined;
  loading: boolean;
  failed: boolean;
  deletingId: number | null;
  /** The signed-in admin's own row: the server refuses to delete it, so Delete says why instead. */
  ownId: number | null;
  onProfile: (user: User) => void;
  onDelete: (user: User) => void;
  /**
   * Every role, those the admin may not give disabled, and the user whose role is being
   * changed. The admin's own row shows its role without a select: nobody changes their own.
   */
  roleOptions: { value: string; label: string; disabled?: boolean }[];
  changingId: number | null;
  onRole: (user: User, role: string) => void;
};

export function UsersTable({
  users,
  loading,
  failed,
  deletingId,
  ownId,
  onProfile,
  onDelete,
  roleOptions,
  changingId,
  onRole,
}: Props) {
  const roleName = useRoleName();
  return (
    <ListTable
      label="Users"
      columns={COLUMNS}
      minWidth={640}
      items={users}
      loading={loading}
      failed={failed}
      failedText="Users could not be loaded."
      emptyText="No users found."
      renderRow={(user) => (
        <Table.Tr key={user.id}>
          <Table.Td>{user.id}</Table.Td>
          <Table.Td>{user.name}</Table.Td>
          <Table.Td>{user.email}</Table.Td>
          <Table.Td>
            {roleOptions.length > 0 ? (
              <Select
                aria-label={`${ROLE_SCREEN_TEXT.changeRole}: ${user.name}`}
                data={roleOptions}
                value={user.role}
                onChange={(v) => v && v !== user.role && onRole(user, v)}
                disabled={changingId === user.id || user.id === ownId}
                title={user.id === ownId ? ROLE_SCREEN_TEXT.ownRole : undefined}
                allowDeselect={false}
                size="xs"
                w={150}
              />
            ) : (
              <Badge variant="light" color={user.role === 'admin' ? 'indigo' : 'gray'} tt="none">
                {roleName(user.role)}
              </Badge>
            )}
          </Table.Td>
          <Table.Td>
            <RowActions
              label="Profile"
              onOpen={() => onProfile(user)}
              onDelete={() => onDelete(user)}
              deleting={deletingId === user.id}
              busy={deletingId !== null}
              deleteRefused={user.id === ownId ? API_ERROR.cannotDeleteSelf : null}
            />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
