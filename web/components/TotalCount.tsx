import { Text } from '@mantine/core';
import { formatCount, pluralize } from './format';

type Props = {
  count: number;
  singular: string;
  plural?: string;
  testId?: string;
  /** False when the server estimated the total (a very large list). */
  exact?: boolean;
};

/** The list's total for the page caption. */
export function TotalCount({ count, singular, plural, testId, exact = true }: Props) {
  if (!exact) {
    // An estimate: say so, and do not pretend to a precision it does not have.
    const rounded = Number(count.toPrecision(2));
    return (
      <Text
        span
        fw={600}
        c="bright"
        data-testid={testId}
        title="An estimate: there are too many to count quickly"
      >
        about {formatCount(rounded)} {plural ?? `${singular}s`}
      </Text>
    );
  }
  return (
    <Text span fw={600} c="bright" data-testid={testId}>
      {pluralize(count, singular, plural)}
    </Text>
  );
}
