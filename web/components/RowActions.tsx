import { Button, Group, Tooltip } from '@mantine/core';
import type { PermissionCode } from '#domain/permissions';
import { usePermissions } from '../session/usePermissions';
import { ownClick } from './clickableRow';

/**
 * The Actions cell of a list table: a first action (Edit, Profile…) and Delete, which shows its
 * spinner on the row being deleted and waits while any delete runs. Clicks stay with the buttons,
 * so a clickable row does not open as well. A row that may not be deleted at all keeps its Delete
 * focusable but inert, with the reason in a tooltip (a disabled button gets no hover or focus).
 */
export function RowActions(props: {
  label?: string;
  onOpen: () => void;
  onDelete: () => void;
  deleting: boolean;
  busy: boolean;
  /** Why this row cannot be deleted; the button stays inert and says so. */
  deleteRefused?: string | null;
  /** The right editing and deleting these rows needs: without it the cell is empty. */
  permission?: PermissionCode;
}) {
  const { has } = usePermissions();
  const refused = props.deleteRefused;
  if (props.permission && !has(props.permission)) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" onClick={ownClick(props.onOpen)}>
        {props.label ?? 'Edit'}
      </Button>
      {refused ? (
        <Tooltip label={refused} withArrow events={{ hover: true, focus: true, touch: true }}>
          <Button
            size="xs"
            variant="light"
            color="red"
            data-disabled
            aria-disabled
            onClick={ownClick(() => {})}
          >
            Delete
          </Button>
        </Tooltip>
      ) : (
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
      )}
    </Group>
  );
}
