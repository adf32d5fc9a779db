import { Anchor, EmptyState } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

/** Screens of later issues: the route and the sidebar entry exist, the screen does not yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={<IconHammer size={28} aria-hidden />}
        variant="light"
        title="This screen is not built yet."
        description="It is planned for a later release of Stockroom."
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
