import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';
import sheet from './dialog-sheet.module.css';
import segmented from './segmented-control.module.css';

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
    // Mantine's close button is an icon alone: every dialog's gets a name a screen reader says. On a
    // phone every dialog is a full-screen sheet (dialog-sheet.module.css). A plain entry, not
    // Modal.extend: the theme loads on every screen, the dialogs' code only with a dialog.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      classNames: { inner: sheet.inner, content: sheet.content, body: sheet.body },
    },
    // A plain entry, not SegmentedControl.extend: the theme loads on every screen, the control on few.
    SegmentedControl: { classNames: { root: segmented.root } },
  },
});

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** AA for body text is 4.5:1; a little over it, so rounding in a browser never drops below. */
const TEXT_CONTRAST = 4.6;

/**
 * The first shade of `shades` from `from` on that text can be read on `background` at AA, as its CSS
 * variable; past the palette's darkest, that shade darkened until it can (light greens and yellows).
 */
function readableShade(theme: MantineTheme, name: string, from: number, background: string): string {
  const shades = theme.colors[name]!;
  for (let i = from; i < shades.length; i++)
    if (contrastRatio(shades[i]!, background) >= TEXT_CONTRAST) return `var(--mantine-color-${name}-${i})`;
  let color = shades[shades.length - 1]!;
  while (contrastRatio(color, background) < TEXT_CONTRAST) color = darken(color, 0.1);
  return color;
}

/**
 * Mantine's light scheme writes coloured text in shade 6 (outline and subtle variants, `c="red"`, error
 * messages) and the light variant's text in shade 9 on shade 1: for most colours below 4.5:1 (gray 3.3,
 * red 3.3, green 2.4, yellow on its light badge 2.7), and white on the filled variant's shade 6 (green
 * 2.4). Each colour's text and filled shade becomes the first one that reads at AA against white, and
 * the light variant's text the first that reads on its own background.
 */
function readableColorVariables(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const name of Object.keys(theme.colors)) {
    const text = readableShade(theme, name, 6, theme.white);
    variables[`--mantine-color-${name}-text`] = text;
    variables[`--mantine-color-${name}-filled`] = text;
    variables[`--mantine-color-${name}-filled-hover`] = darken(text, 0.15);
    variables[`--mantine-color-${name}-outline`] = text;
    variables[`--mantine-color-${name}-light-color`] = readableShade(theme, name, 9, theme.colors[name]![1]!);
  }
  return variables;
}

/** Text at AA contrast in the light scheme: dimmed text, placeholders, error messages and coloured text. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...readableColorVariables(resolved),
    // Mantine's dimmed grey is below 4.5:1 on white; secondary text uses a darker one.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': readableShade(resolved, 'red', 6, resolved.white),
    // A picker's placeholder ("Pick a product") is text a person must read: gray 5 is 2.1:1.
    '--mantine-color-placeholder': readableShade(resolved, 'gray', 5, resolved.white),
  },
  dark: {},
});
