import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useErrorBanner } from './ErrorBannerContext';

export function ErrorBanner() {
  const { error, clear } = useErrorBanner();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} mb="md" role="alert">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Text size="sm">{error}</Text>
        <Button size="compact-sm" variant="subtle" color="red" onClick={clear}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}
