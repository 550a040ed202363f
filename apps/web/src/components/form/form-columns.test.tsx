import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { renderWithProviders } from '../../test/render';
import { FormColumns } from './form-columns';

/** The CSS Mantine wrote for the page's responsive props. */
const pageCss = () => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');

describe('FormColumns', () => {
  it('puts fields in one column on a phone and side by side from the xs breakpoint (36em)', () => {
    renderWithProviders(
      <FormColumns cols={3}>
        <TextInput label="Store name" />
        <TextInput label="Alias" />
        <TextInput label="Time zone" />
      </FormColumns>,
    );
    expect(screen.getByLabelText('Alias')).toBeInTheDocument();
    const css = pageCss().replace(/\s+/g, '');
    expect(css).toMatch(/\{[^}]*--sg-cols:1;\}@media\(min-width:36em\)\{[^{]+\{--sg-cols:3;\}\}/);
  });
});
