import { Badge, Button, Group, Table } from '@mantine/core';
import type { User } from '../../../domain/users';
import { EmptyRow, SkeletonRows } from '../../components/TableStates';

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
    <Table.ScrollContainer minWidth={640}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-label="Users"
        aria-busy={loading}
        // Rows of the previous page stay visible, dimmed, while the next one loads.
        style={{ opacity: loading && users ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !users ? (
            <SkeletonRows columns={COLUMNS.length} />
          ) : failed && !users ? (
            <EmptyRow columns={COLUMNS.length} text="Users could not be loaded." />
          ) : !users?.length ? (
            <EmptyRow columns={COLUMNS.length} text="No users found." />
          ) : (
            users.map((user) => (
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
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
