import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, ToastViewport } from '../../components/toast';
import { renderRoutes } from '../../test/render';
import { AllComponentsRoute } from './all-components';

describe('/all-components', () => {
  afterEach(() => act(() => toast.hide()));

  it('shows every group of the kit', () => {
    renderRoutes([{ path: '/', element: <AllComponentsRoute /> }]);
    for (const name of ['Buttons', 'Inputs', 'Toast', 'Table', 'Badges', 'Money', 'States', 'Truncation']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const money = screen.getByRole('region', { name: 'Money' });
    for (const text of ['$12,345.50', '₦12,345.50', '€12,345.50', '£12,345.50', 'KSD 12,345.50', 'TZS 12,345.50']) {
      expect(within(money).getByText(text)).toBeInTheDocument();
    }
    const badges = screen.getByRole('region', { name: 'Badges' });
    for (const label of ['Open', 'Cancelled', 'Closed', 'Fully recalled', 'Partially recalled']) {
      expect(within(badges).getByText(label)).toBeInTheDocument();
    }
  });

  it('fires toasts and demonstrates truncation', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <AllComponentsRoute />
            <ToastViewport />
          </>
        ),
      },
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show error toast' }));
    expect(screen.getByText('An example error toast').closest('[role="alert"]')).toHaveAttribute('data-type', 'error');
    await user.click(screen.getByRole('button', { name: 'Show toast bottom-left' }));
    expect(document.querySelector('section[data-position="bottom-left"]')).toHaveTextContent('Shown bottom-left');

    expect(screen.getByTestId('truncation-result')).toHaveTextContent('Golden Penny...');
    const length = screen.getByLabelText('Length');
    await user.clear(length);
    await user.type(length, '4');
    expect(screen.getByTestId('truncation-result')).toHaveTextContent(/^Gold\.\.\.$/);
  });
});
