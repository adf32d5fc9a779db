import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './Dashboard.module.css';

export type Figure<T> = { label: string; value: (data: T) => string; to: string };

type Props<T> = {
  data: T | undefined;
  figures: readonly Figure<T>[];
  /** Columns at the widest breakpoint. */
  cols: number;
  testId: string;
  /** Each figure's value is `${prefix}-${label}` to the tests. */
  prefix: string;
};

/** A dashboard card's figures, each a link to the list it counts; skeletons while loading. */
export function FigureCards<T>({ data, figures, cols, testId, prefix }: Props<T>) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: cols }} spacing="sm" data-testid={testId}>
      {figures.map((f) => (
        <Card
          key={f.label}
          component={Link}
          to={f.to}
          withBorder
          radius="md"
          padding="sm"
          className={classes.pipelineCard}
        >
          <Text size="xs" c="dimmed" fw={500}>
            {f.label}
          </Text>
          {data ? (
            <Text fz={22} fw={700} lh={1.3} data-testid={`${prefix}-${f.label}`}>
              {f.value(data)}
            </Text>
          ) : (
            <Skeleton height={22} width={60} my={4} radius="sm" />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
