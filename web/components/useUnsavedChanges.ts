import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';

const LEAVE_KEY = 'leaveUnsaved';
/**
 * Navigation state for a page's own way out after its edits stopped mattering (the product or
 * quote was deleted): `navigate(to, { state: LEAVE_FREELY })` is not asked about.
 */
export const LEAVE_FREELY = { [LEAVE_KEY]: true } as const;

/** A form's values differ from the ones it started from (or was last saved with). */
export function useDirty(values: unknown, baseline?: unknown): boolean {
  // JSON: the forms hold plain text, numbers, ids and a chosen File (which counts as a change).
  const [start] = useState(() => JSON.stringify(values));
  const from = baseline === undefined ? start : JSON.stringify(baseline);
  return JSON.stringify(values) !== from;
}

/**
 * A page whose edits would be lost on leaving: an in-app navigation to another page waits for
 * the user's answer (`asking`, then `keep` or `discard`), and a reload or closing the tab gets
 * the browser's own question. React Router keeps one blocker at a time, so one form per page
 * uses this.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(nextLocation.state as { [LEAVE_KEY]?: boolean } | null)?.[LEAVE_KEY],
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only with returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    asking: blocker.state === 'blocked',
    keep: () => blocker.reset?.(),
    discard: () => blocker.proceed?.(),
  };
}
