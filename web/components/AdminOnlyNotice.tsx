import { EmptyState } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { API_ERROR } from '#domain/messages';

/** Editors see why the screen is empty instead of a failed request (admin-only routes answer editors 403). */
export function AdminOnlyNotice({
  description = 'Ask an admin if you need an account created or removed.',
}: {
  description?: string;
}) {
  return (
    <EmptyState
      icon={<IconShieldLock size={28} aria-hidden />}
      variant="light"
      title={API_ERROR.forbiddenAdminOnly}
      description={description}
      py="xl"
    />
  );
}
