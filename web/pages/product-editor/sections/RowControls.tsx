import { ActionIcon, Button } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** The per-row remove button of a section form, named after the row for screen readers. */
export function RemoveRowButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      size="lg"
    >
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}

export function AddRowButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconPlus size={14} aria-hidden />}
      onClick={onClick}
      disabled={disabled}
      style={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}
