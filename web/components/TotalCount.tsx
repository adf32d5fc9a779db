import { Text } from '@mantine/core';
import { pluralize } from './format';

type Props = { count: number; singular: string; plural?: string; testId?: string };

/** The list's total for the page caption (SPEC.md §2: a caption with the total count). */
export function TotalCount({ count, singular, plural, testId }: Props) {
  return (
    <Text span fw={600} c="dark" data-testid={testId}>
      {pluralize(count, singular, plural)}
    </Text>
  );
}
