import { ActionIcon, Button, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { paletteAriaKeys, paletteKeyLabel } from '../shortcuts/shortcuts';
import { palette } from './paletteStore';
import { PALETTE_TEXT } from './texts';

/**
 * The top bar's way into the palette, for the mouse and for phones, which have no Ctrl+K. On a
 * phone it is an icon alone, so the top bar keeps room for the name and Logout.
 */
export function PaletteButton() {
  const common = {
    'aria-label': PALETTE_TEXT.name,
    'aria-keyshortcuts': paletteAriaKeys(),
    onClick: () => palette.open(),
    style: { flexShrink: 0 },
  };
  return (
    <>
      <ActionIcon variant="default" size="md" hiddenFrom="xs" {...common}>
        <IconSearch size={16} aria-hidden />
      </ActionIcon>
      <Button
        variant="default"
        size="xs"
        visibleFrom="xs"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            {paletteKeyLabel()}
          </Kbd>
        }
        {...common}
      >
        {PALETTE_TEXT.button}
      </Button>
    </>
  );
}
