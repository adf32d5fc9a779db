import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { title: string; caption?: ReactNode; actions?: ReactNode };

export function PageHeader({ title, caption, actions }: Props) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {caption && (
          <Text c="dimmed" size="sm">
            {caption}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
