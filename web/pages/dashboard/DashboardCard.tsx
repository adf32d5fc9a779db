import { Badge, Card, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type Props = {
  title: string;
  /** Heading level: 2 for a card of its own, 3 inside a titled group. */
  order?: 2 | 3;
  /** A count shown beside the title. */
  count?: number;
  caption?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
};

/** A titled card: the title is a real heading and names the section. */
export function DashboardCard({ title, order = 2, count, caption, action, children }: Props) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} withBorder radius="md" padding="lg" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="sm">
        <div>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Title order={order} size="h5" id={titleId}>
              {title}
            </Title>
            {count !== undefined && (
              <Badge
                variant="light"
                color={count > 0 ? 'red' : 'teal'}
                // Shade 9 text keeps 4.5:1 on the light badge background.
                c={count > 0 ? 'red' : 'teal'}
                radius="sm"
                data-testid="count"
                style={{ flexShrink: 0 }}
              >
                {count}
                <VisuallyHidden> in total</VisuallyHidden>
              </Badge>
            )}
          </Group>
          {caption && (
            <Text size="xs" c="dimmed" mt={2}>
              {caption}
            </Text>
          )}
        </div>
        {action}
      </Group>
      {children}
    </Card>
  );
}
