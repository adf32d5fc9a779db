import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { SHELL_TEXT } from './texts';

/**
 * Switches between light and dark. The first choice replaces "follow the system", and the colour
 * scheme manager (App.tsx) keeps it across reloads.
 */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // Passed so the first render already knows the scheme the pre-paint script applied.
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? SHELL_TEXT.switchToDark : SHELL_TEXT.switchToLight;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
      style={{ flexShrink: 0 }}
    >
      {next === 'dark' ? <IconMoon size={18} aria-hidden /> : <IconSun size={18} aria-hidden />}
    </ActionIcon>
  );
}
