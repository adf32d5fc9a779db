import type { HotkeyItem } from '@mantine/hooks';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LIST_SEARCH_ATTRIBUTE } from '../../components/SearchInput';
import { useOpenCreate } from '../../components/useCreateParam';
import { usePermissions } from '../../session/usePermissions';
import { NAV_ITEMS, navItemsFor } from '../navItems';
import { ShortcutsSheet } from './ShortcutsSheet';
import { GO_SEQUENCE_MS, HOTKEYS } from './shortcuts';

/** A dialog (a form, a confirmation, the palette) owns the keyboard while it is open. */
const inDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="dialog"], [aria-modal="true"]') !== null;

/**
 * The single-key shortcuts (table: shortcuts.ts) and the `?` sheet. useHotkeys leaves them alone
 * while the focus is in a text field, a select or an editable area, so typing is never taken.
 */
export function KeyboardShortcuts() {
  const [sheetOpened, sheet] = useDisclosure(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { has } = usePermissions();
  const openCreate = useOpenCreate();
  const goPressedAt = useRef(0);

  /** Wraps a handler that says whether it acted; only then is the key kept from the page. */
  const key =
    (run: () => boolean) =>
    (event: KeyboardEvent): void => {
      if (event.repeat || inDialog(event.target)) return;
      if (run()) event.preventDefault();
    };

  const focusSearch = () => {
    const input = document.querySelector<HTMLInputElement>(`input[${LIST_SEARCH_ATTRIBUTE}]`);
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  };

  const create = () => {
    const item = NAV_ITEMS.find((i) => i.path === pathname && i.create);
    if (!item?.create || !has(item.create.permission)) return false;
    openCreate(item.path);
    return true;
  };

  const showSheet = () => {
    sheet.open();
    return true;
  };

  const startGo = () => {
    goPressedAt.current = Date.now();
    return true;
  };

  const noPrevent = { preventDefault: false };
  const hotkeys: HotkeyItem[] = [
    [HOTKEYS.search, key(focusSearch), noPrevent],
    [HOTKEYS.create, key(create), noPrevent],
    [HOTKEYS.help, key(showSheet), noPrevent],
    // Most layouts type `?` with Shift; useHotkeys matches Shift exactly, so both are listed.
    [`shift+${HOTKEYS.help}`, key(showSheet), noPrevent],
    [HOTKEYS.go, key(startGo), noPrevent],
    ...navItemsFor(has).map(
      (item): HotkeyItem => [
        item.goKey,
        key(() => {
          if (Date.now() - goPressedAt.current > GO_SEQUENCE_MS) return false;
          goPressedAt.current = 0;
          navigate(item.path);
          return true;
        }),
        noPrevent,
      ],
    ),
  ];
  useHotkeys(hotkeys);

  return <ShortcutsSheet opened={sheetOpened} onClose={sheet.close} />;
}
