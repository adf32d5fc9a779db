import type { KeyboardEvent, MouseEvent } from 'react';

/**
 * Props for a table row that opens something on click, and on Enter or Space once focused, so
 * keyboard users can open it too. Controls inside the row wrap their handlers in `ownClick`.
 */
export function clickableRow(onOpen: () => void) {
  return {
    tabIndex: 0,
    onClick: onOpen,
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
      // Enter on a button or switch inside the row belongs to that control.
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onOpen();
      }
    },
    style: { cursor: 'pointer' },
  };
}

/** A control inside a clickable row does its own thing, not the row's. */
export const ownClick = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};
