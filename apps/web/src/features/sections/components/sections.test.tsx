import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInRouter as render } from '../../../test/render';
import { SectionPage } from './section-page';

describe('SectionPage', () => {
  it('is headed by the section, says what it will hold and links to related sections', () => {
    render(
      <SectionPage
        name="Inventory"
        screenTitle="Add a product"
        summary="Products and categories."
        related={[{ label: 'Waste', to: '/dashboard/waste' }]}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
    expect(screen.getByTestId('screen-title')).toHaveTextContent('Add a product');
    expect(screen.getByText('Products and categories.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Related sections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Waste' })).toHaveAttribute('href', '/dashboard/waste');
    expect(screen.queryByText('Not part of your role')).toBeNull();
  });

  it('says when the role does not include the section', () => {
    render(<SectionPage name="Reports" summary="Reports." related={[]} isOutsideRole />);
    expect(screen.getByText('Not part of your role')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Related sections' })).toBeNull();
  });
});
