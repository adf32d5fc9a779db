import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

type Props = { page: number; pages: number; onChange: (page: number) => void; disabled?: boolean };

/** Previous and Next around 'Page x / y'. */
export function Pager({ page, pages, onChange, disabled }: Props) {
  return (
    <Group justify="center" gap="sm" mt="md">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={disabled || page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </Button>
      <Text size="sm" aria-live="polite" miw={80} ta="center">
        Page {page} / {pages}
      </Text>
      <Button
        variant="default"
        size="sm"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={disabled || page >= pages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
