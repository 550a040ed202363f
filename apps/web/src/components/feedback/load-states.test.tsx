import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { queryResult } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { WhenLoaded } from './load-states';
import { NoAccessScopeProvider } from './no-access';

const failed = (error: Error) => queryResult<string>({ isError: true, error });

function show(error: Error) {
  renderWithProviders(
    <NoAccessScopeProvider value={{ what: 'Audit trail', businessName: 'Demo Mart' }}>
      <WhenLoaded query={failed(error)} loadingLabel="Loading" errorTitle="The audit trail could not be loaded">
        {(data) => data}
      </WhenLoaded>
    </NoAccessScopeProvider>,
  );
}

describe('WhenLoaded', () => {
  it('shows a refused role the calm no-access message, without an error or a retry', () => {
    show(new ApiError({ code: 'FORBIDDEN', status: 403, message: 'Your role does not allow this (audit.view)' }));
    expect(screen.getByRole('heading', { name: "You don't have access to Audit trail" })).toBeInTheDocument();
    expect(screen.getByTestId('no-access')).toHaveTextContent(
      'Ask an administrator of Demo Mart to give your role this permission.',
    );
    expect(screen.queryByText('The audit trail could not be loaded')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the error with a retry for any other failure', () => {
    show(new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The audit trail could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId('no-access')).not.toBeInTheDocument();
  });
});
