import { Anchor, Button, Center, EmptyState, Loader, Stack, Text } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_MESSAGES } from '#domain/products';
import { isNotFound } from '../../api/errors';

/** While a product loads: 'Loading...' with a spinner. */
export function ProductLoading() {
  return (
    <Center py="xl" aria-busy>
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}

/** A product that could not be loaded: gone (404) or a failure worth another try. */
export function ProductLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const missing = isNotFound(error);
  return (
    <EmptyState
      icon={<IconPackageOff size={28} aria-hidden />}
      variant="light"
      title={missing ? PRODUCT_MESSAGES.productNotFound : 'This product could not be loaded.'}
      description={
        missing ? 'It may have been deleted, or the address is wrong.' : 'Check the connection and try again.'
      }
      py="xl"
    >
      <EmptyState.Actions>
        {!missing && (
          <Button variant="default" size="xs" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Anchor component={Link} to="/products">
          Back to products
        </Anchor>
      </EmptyState.Actions>
    </EmptyState>
  );
}
