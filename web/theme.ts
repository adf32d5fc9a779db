import { type CSSVariablesResolver, createTheme, type MantineThemeComponents } from '@mantine/core';

// Mantine puts a '*' inside the <label> of required fields, which makes the label text 'Email *'
// and breaks exact label lookups (Playwright getByLabel, screen-reader phrasing). Inputs keep
// their `required` attribute; only the visual asterisk goes.
const noAsterisk = { defaultProps: { withAsterisk: false } };

// Plain objects rather than Select.extend(...) and the like: `extend` only types its argument, and
// importing the components here would put Select, Modal, Popover and floating-ui into the entry
// chunk that the login route loads, code that only later screens use.
const components: MantineThemeComponents = {
  TextInput: noAsterisk,
  PasswordInput: noAsterisk,
  Select: noAsterisk,
  Modal: {
    // The × button is an icon only; screen readers need its name.
    defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
    styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
  },
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 on white is under WCAG's 4.5:1 for link and button text; 8 passes. In dark, white
  // button text on shade 6 is 4.3:1; 7 passes.
  primaryShade: { light: 8, dark: 7 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components,
});

/**
 * How much of each colour's shade 9 is kept, mixed with black, for coloured text in the light
 * theme: shade 9 on its own shade-1 tint (light badges, alerts) is under 4.5:1 for these.
 */
const DEEPER_TEXT: Record<string, number> = {
  red: 95,
  cyan: 95,
  teal: 90,
  green: 85,
  lime: 80,
  orange: 80,
  yellow: 70,
};

/** Coloured text (`c="teal"`, light badges and alerts) at 4.5:1 or more on white and on its tint. */
function readableColoredText(colors: readonly string[]) {
  const out: Record<string, string> = {};
  for (const name of colors) {
    const shade9 = `var(--mantine-color-${name}-9)`;
    const text = name in DEEPER_TEXT ? `color-mix(in srgb, ${shade9} ${DEEPER_TEXT[name]}%, black)` : shade9;
    out[`--mantine-color-${name}-text`] = text;
    out[`--mantine-color-${name}-light-color`] = text;
  }
  return out;
}

/**
 * Mantine's dimmed text and placeholders (gray 6 by day, dark 2 by night) read under 4.5:1 on the
 * page and in inputs; gray 7 and dark 1 pass.
 * --app-color-frame: the quiet backdrop behind pictures and around the login card, a light grey
 * by day and a step off the page's colour by night.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...readableColoredText(Object.keys(t.colors).filter((c) => c !== 'dark' && c !== 'gray')),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--app-color-frame': 'var(--mantine-color-gray-0)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--app-color-frame': 'var(--mantine-color-dark-6)',
  },
});
