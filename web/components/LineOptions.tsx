import { Text } from '@mantine/core';
import { describeOptions, optionsList } from '#domain/variants';

/**
 * A line's variant options under its product's name, as "Size: M, Finish: Zinc" (how PDFs and
 * e-mails print them too); nothing for a line without options, so older lines read as before.
 */
export function LineOptions({ options }: { options: Record<string, string> | null | undefined }) {
  const text = describeOptions(optionsList(options));
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="line-options">
      {text}
    </Text>
  );
}
