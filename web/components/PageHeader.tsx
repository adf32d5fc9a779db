import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  title: string;
  caption?: ReactNode;
  actions?: ReactNode;
  /** Beside the title and outside the heading, so the heading's name stays the title alone. */
  badge?: ReactNode;
};

export function PageHeader({ title, caption, actions, badge }: Props) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb="lg">
      <Stack gap={4}>
        {badge ? (
          <Group gap="sm" align="center" wrap="wrap">
            {heading}
            {badge}
          </Group>
        ) : (
          heading
        )}
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
