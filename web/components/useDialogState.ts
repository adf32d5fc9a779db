import { useCallback, useState } from 'react';

/**
 * Which item a dialog shows, and whether it is open. The item outlives `opened`, so the dialog
 * keeps its title and content while it animates closed.
 */
export function useDialogState<T>() {
  const [state, setState] = useState<{ item: T | null; opened: boolean }>({ item: null, opened: false });
  const open = useCallback((item: T) => setState({ item, opened: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { item: state.item, opened: state.opened, open, close };
}
