import {
  type CSSVariablesResolver,
  createTheme,
  Modal,
  PasswordInput,
  Select,
  TextInput,
} from '@mantine/core';

// Mantine puts a '*' inside the <label> of required fields, which makes the label text 'Email *'
// and breaks exact label lookups (Playwright getByLabel, screen-reader phrasing). Inputs keep
// their `required` attribute; only the visual asterisk goes.
const noAsterisk = { defaultProps: { withAsterisk: false } };

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 on white is under WCAG's 4.5:1 for link and button text; 8 passes.
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    TextInput: TextInput.extend(noAsterisk),
    PasswordInput: PasswordInput.extend(noAsterisk),
    Select: Select.extend(noAsterisk),
    Modal: Modal.extend({ styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } }),
  },
});

/** Mantine's dimmed text (gray 6) reads at 3.3:1 on white; gray 7 meets 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
