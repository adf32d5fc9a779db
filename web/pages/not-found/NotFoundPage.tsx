import { Anchor, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        icon={<IconMapOff size={28} aria-hidden />}
        variant="light"
        title="There is no page at this address."
        description="Check the address, or go back to the dashboard."
        py="xl"
      >
        <EmptyState.Actions>
          <Anchor component={Link} to="/">
            Back to dashboard
          </Anchor>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}
