import { Button, Group } from '@mantine/core';
import { ownClick } from './clickableRow';

/**
 * The Actions cell of a list table: a first action (Edit, Profile…) and Delete, which shows its
 * spinner on the row being deleted and waits while any delete runs. Clicks stay with the buttons,
 * so a clickable row does not open as well.
 */
export function RowActions(props: {
  label?: string;
  onOpen: () => void;
  onDelete: () => void;
  deleting: boolean;
  busy: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" onClick={ownClick(props.onOpen)}>
        {props.label ?? 'Edit'}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={props.deleting}
        disabled={props.busy}
        onClick={ownClick(props.onDelete)}
      >
        Delete
      </Button>
    </Group>
  );
}
