import { Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useUser } from '../../api/users';
import { DetailList } from '../../components/DetailList';
import { formatDateTime } from '../../components/format';

/** `userId` outlives `opened` so the dialog keeps its content while it animates closed. */
type Props = { userId: number | null; opened: boolean; onClose: () => void };

/** Read-only, loaded fresh from GET /api/users/{id} (SPEC.md §2 Users). */
export function UserProfileModal({ userId, opened, onClose }: Props) {
  const { data: user, isPending, isError } = useUser(userId);
  return (
    <Modal opened={opened} onClose={onClose} title="User Profile" centered>
      {isError ? (
        <Text c="dimmed">This user could not be loaded.</Text>
      ) : isPending || !user ? (
        <Stack gap="sm" aria-busy>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : (
        <DetailList
          items={[
            { label: 'ID', value: user.id },
            { label: 'Name', value: user.name },
            { label: 'Email', value: user.email },
            { label: 'Role', value: user.role },
            { label: 'Created', value: formatDateTime(user.created_at) },
            { label: 'Updated', value: formatDateTime(user.updated_at) },
          ]}
        />
      )}
    </Modal>
  );
}
