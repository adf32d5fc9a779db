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
  Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 on white is under WCAG's 4.5:1 for link and button text; 8 passes.
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components,
});

/** Mantine's dimmed text (gray 6) reads at 3.3:1 on white; gray 7 meets 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
