import { createSpotlight, type SpotlightStore } from '@mantine/spotlight';

/** The palette's own store: the Ctrl+K handler, the top bar's button and the results share it. */
export const [paletteStore, palette] = createSpotlight();

/**
 * Puts the keyboard's choice on the first line (or on none when `any` is false), as
 * @mantine/spotlight does after each keystroke (its own helper is not exported). Needed again when
 * the server's matches arrive after the keystroke, so Enter never picks a line that has gone.
 */
export function selectFirstAction(any = true, store: SpotlightStore = paletteStore) {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  const first = any ? list?.querySelector('[data-action]') : null;
  list?.querySelector('[data-selected]')?.removeAttribute('data-selected');
  first?.setAttribute('data-selected', 'true');
  store.setState((state) => ({ ...state, selected: first ? 0 : -1 }));
}

/**
 * Tells the store's readers (the search box's aria-activedescendant) about a choice the arrow
 * keys made: @mantine/spotlight moves it with updateState, which notifies nobody.
 */
export function announceSelection(store: SpotlightStore = paletteStore) {
  queueMicrotask(() => store.setState((state) => ({ ...state })));
}
