import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Modal } from '@mantine/core';
import { renderWithProviders } from '../test/render';

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
});
