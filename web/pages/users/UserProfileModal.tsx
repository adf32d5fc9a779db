import { useRoleName } from '../../api/roles';
import { useUser } from '../../api/users';
import { DetailsModal } from '../../components/DetailsModal';
import { formatDateTime } from '../../components/format';

/** `userId` outlives `opened` so the dialog keeps its content while it animates closed. */
type Props = { userId: number | null; opened: boolean; onClose: () => void };

/** Read-only, loaded fresh from GET /api/users/{id}. */
export function UserProfileModal({ userId, opened, onClose }: Props) {
  const { data: user, isError } = useUser(userId);
  const roleName = useRoleName();
  return (
    <DetailsModal
      opened={opened}
      onClose={onClose}
      title="User Profile"
      failed={isError}
      failedText="This user could not be loaded."
      items={
        user
          ? [
              { label: 'ID', value: user.id },
              { label: 'Name', value: user.name },
              { label: 'Email', value: user.email },
              { label: 'Role', value: roleName(user.role) },
              { label: 'Created', value: formatDateTime(user.created_at) },
              { label: 'Updated', value: formatDateTime(user.updated_at) },
            ]
          : null
      }
    />
  );
}
