import { Badge, Button, Group, Table } from '@mantine/core';
import type { User } from '../../../domain/users';
import { ListTable } from '../../components/ListTable';

const COLUMNS = ['ID', 'Name', 'Email', 'Role', 'Actions'];

type Props = {
  users: readonly User[] | undefined;
  loading: boolean;
  failed: boolean;
  deletingId: number | null;
  onProfile: (user: User) => void;
  onDelete: (user: User) => void;
};

export function UsersTable({ users, loading, failed, deletingId, onProfile, onDelete }: Props) {
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
            <Badge variant="light" color={user.role === 'admin' ? 'indigo' : 'gray'}>
              {user.role}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => onProfile(user)}>
                Profile
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={deletingId === user.id}
                disabled={deletingId !== null}
                onClick={() => onDelete(user)}
              >
                Delete
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
