import { createTheme, Modal, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** The iPos green. Shade 6 (the filled colour) keeps white text above 5:1 contrast. */
const ipos: MantineColorsTuple = [
  '#e7f6f2',
  '#c9ebe2',
  '#98d8c7',
  '#62c3aa',
  '#37b092',
  '#1a9a7c',
  '#0b7a63',
  '#096a56',
  '#075a49',
  '#054a3c',
];

// Inter when the device has it, the system UI font otherwise: nothing is downloaded.
const fontStack =
  'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'ipos',
  primaryShade: { light: 6, dark: 5 },
  colors: { ipos },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Mantine's close button is an icon alone: every dialog's gets a name a screen reader says.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

/** Mantine's dimmed grey is below 4.5:1 on white; secondary text uses a darker one. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
