import type { PermissionCode } from '#domain/permissions';
import { navItemsFor } from '../navItems';

/**
 * Every keyboard shortcut of the signed-in app, as @mantine/hooks' useHotkeys spells it. The
 * handlers (KeyboardShortcuts, the palette) and the `?` sheet both read this table, so the sheet
 * cannot list a key that does nothing.
 */
export const HOTKEYS = {
  palette: 'mod+K',
  search: '/',
  create: 'n',
  help: '?',
  /** Pressed first, then a screen's letter (NavItem.goKey). */
  go: 'g',
} as const;

/** How long after `g` a screen's letter still counts as the second key. */
export const GO_SEQUENCE_MS = 1500;

export const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/i.test(navigator.userAgent);

/** The palette's key as people on this machine know it: ⌘K on a Mac, Ctrl+K elsewhere. */
export const paletteKeyLabel = (mac = isMac()) => (mac ? '⌘K' : 'Ctrl+K');

/** For aria-keyshortcuts, which names the modifier key itself. */
export const paletteAriaKeys = (mac = isMac()) => (mac ? 'Meta+K' : 'Control+K');

type ShortcutRow = {
  /** The keys in the order they are pressed, as shown on the sheet. */
  keys: string[];
  description: string;
};

export type ShortcutSection = { title: string; rows: ShortcutRow[] };

/** The `?` sheet's content. */
export function shortcutSheet(
  mac = isMac(),
  has: (code: PermissionCode) => boolean = () => false,
): ShortcutSection[] {
  return [
    {
      title: 'Anywhere',
      rows: [
        { keys: [paletteKeyLabel(mac)], description: 'Open the command palette' },
        { keys: [HOTKEYS.help], description: 'Show keyboard shortcuts' },
      ],
    },
    {
      title: 'On a list',
      rows: [
        { keys: [HOTKEYS.search], description: "Focus the list's search" },
        { keys: [HOTKEYS.create], description: 'Create a new item on this list' },
      ],
    },
    {
      title: 'Go to a screen',
      rows: navItemsFor(has).map((item) => ({ keys: [HOTKEYS.go, item.goKey], description: item.label })),
    },
  ];
}
