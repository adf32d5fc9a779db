import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

type Props<S extends string> = {
  /** The button's words ("Move to"). */
  label: string;
  /** The statuses the record may move to from here; nothing is drawn when there are none. */
  moves: readonly S[];
  labelOf: (status: S) => string;
  loading: boolean;
  onMove: (status: S) => void;
};

/** A request's next statuses as a menu, on the desk. */
export function MoveMenu<S extends string>({ label, moves, labelOf, loading, onMove }: Props<S>) {
  if (moves.length === 0) return null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="default"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={loading}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {moves.map((s) => (
          <Menu.Item key={s} onClick={() => onMove(s)}>
            {labelOf(s)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
