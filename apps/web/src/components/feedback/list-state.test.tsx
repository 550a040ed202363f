import { describe, expect, it } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { queryResult } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ListState } from './list-state';
import { NoAccessScopeProvider } from './no-access';

function show(query: UseQueryResult<{ items: string[] }>, count: number) {
  renderWithProviders(
    <ListState
      query={query}
      count={count}
      loadingLabel="Loading the things"
      errorTitle="We could not load the things"
      empty={<p>Nothing yet</p>}
    >
      <table aria-label="Things" />
    </ListState>,
  );
}

const failure = new ApiError({ code: 'HTTP_ERROR', status: 500, message: 'boom' });

describe('ListState', () => {
  it('shows skeleton rows while the first page loads', () => {
    show(queryResult({ isPending: true }), 0);
    expect(screen.getByLabelText('Loading the things')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the failure with a retry when there is nothing to show', () => {
    show(queryResult({ isError: true, error: failure }), 0);
    expect(screen.getByText('We could not load the things')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });

  it('shows a refused role the calm no-access message, without an error or a retry', () => {
    const refused = new ApiError({
      code: 'FORBIDDEN',
      status: 403,
      message: 'Your role does not allow this (staff.view)',
    });
    renderWithProviders(
      <NoAccessScopeProvider value={{ what: 'Roles', businessName: 'Demo Mart' }}>
        <ListState
          query={queryResult({ isError: true, error: refused })}
          count={0}
          loadingLabel="Loading the roles"
          errorTitle="We could not load the roles"
          empty={<p>Nothing yet</p>}
        >
          <table aria-label="Roles" />
        </ListState>
      </NoAccessScopeProvider>,
    );
    expect(screen.getByRole('heading', { name: "You don't have access to Roles" })).toBeInTheDocument();
    expect(screen.queryByText('We could not load the roles')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again|retry/i })).not.toBeInTheDocument();
  });

  it('keeps the rows already shown when a refresh fails', () => {
    show(queryResult({ isError: true, error: failure, data: { items: ['a'] } }), 1);
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByText('We could not load the things')).toBeNull();
  });

  it('shows the caller’s empty state for a page without rows, else the table', () => {
    show(queryResult({ data: { items: [] } }), 0);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
