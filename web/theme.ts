import { createTheme, Modal, PasswordInput, Select, TextInput } from '@mantine/core';

// Mantine puts a '*' inside the <label> of required fields, which makes the label text 'Email *'
// and breaks exact label lookups (Playwright getByLabel, screen-reader phrasing). Inputs keep
// their `required` attribute; only the visual asterisk goes.
const noAsterisk = { defaultProps: { withAsterisk: false } };

export const theme = createTheme({
  primaryColor: 'indigo',
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
