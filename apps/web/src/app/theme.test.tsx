import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Badge, DEFAULT_THEME, Modal, SegmentedControl, mergeMantineTheme } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { contrastRatio, cssVariablesResolver, theme } from './theme';
import sheet from './dialog-sheet.module.css';
import segmented from './segmented-control.module.css';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const lightVariables: Record<string, string> = cssVariablesResolver(resolved).light;
/** A colour variable's value, following `var(--mantine-color-x-n)` to the palette. */
const colorOf = (variable: string): string => {
  const value = lightVariables[variable] ?? '';
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return shade ? resolved.colors[shade[1]!]![Number(shade[2])]! : value;
};

describe('theme', () => {
  it('names every dialog’s close button, which is an icon alone', async () => {
    renderWithProviders(
      <Modal opened onClose={() => undefined} title="Edit product">
        Body
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('makes every dialog a full-screen sheet on a phone: its frame and content carry the sheet’s classes', async () => {
    renderWithProviders(
      <Modal opened onClose={() => undefined} title="Receive stock">
        Body
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
    expect(sheet.content).toBeTruthy();
    expect(dialog).toHaveClass(sheet.content!);
    expect(dialog.parentElement).toHaveClass(sheet.inner!);
    expect(screen.getByText('Body')).toHaveClass(sheet.body!);
  });

  it('lets a row of choices wrap within the screen instead of widening the page', () => {
    renderWithProviders(<SegmentedControl aria-label="Break sales down by" data={['Product', 'Payment method']} />);
    expect(segmented.root).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Break sales down by' })).toHaveClass(segmented.root!);
  });

  it('writes coloured text at AA contrast in the light scheme: outline, subtle, light and filled variants, errors, placeholders', () => {
    for (const name of ['gray', 'red', 'green', 'yellow', 'orange', 'blue', 'teal', 'ipos']) {
      expect(contrastRatio(colorOf(`--mantine-color-${name}-text`), '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colorOf(`--mantine-color-${name}-outline`), '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      // White text on a filled button or badge.
      expect(contrastRatio(colorOf(`--mantine-color-${name}-filled`), '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      const lightBackground = resolved.colors[name]![1]!;
      expect(
        contrastRatio(colorOf(`--mantine-color-${name}-light-color`), lightBackground),
        name,
      ).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(colorOf('--mantine-color-error'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colorOf('--mantine-color-placeholder'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // The brand green's text stays the brand green.
    expect(lightVariables['--mantine-color-ipos-text']).toBe('var(--mantine-color-ipos-6)');
    expect(lightVariables['--mantine-color-ipos-filled']).toBe('var(--mantine-color-ipos-6)');
  });

  it('applies the readable shades on the page: a grey outline badge is written in gray 7', () => {
    renderWithProviders(
      <Badge variant="outline" color="gray">
        Draft
      </Badge>,
    );
    const css = [...document.querySelectorAll('style[data-mantine-styles]')].map((s) => s.textContent).join('\n');
    expect(css).toContain('--mantine-color-gray-outline: var(--mantine-color-gray-7)');
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });
});
