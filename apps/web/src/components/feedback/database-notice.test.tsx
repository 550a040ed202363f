import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { renderWithProviders } from '../../test/render';
import { DatabaseNotice } from './database-notice';

const unavailable = () =>
  new ApiError({ code: 'DATABASE_UNAVAILABLE', status: 503, message: 'The database cannot be reached' });

function Reader({ answers }: { answers: (() => unknown)[] }) {
  const query = useQuery({ queryKey: ['outage'], queryFn: async () => (answers.shift() ?? (() => 'ok'))() });
  return <p>{query.data === undefined ? 'loading' : String(query.data)}</p>;
}

describe('a database outage on the web', () => {
  it('shows the notice while reads retry, and takes it away once one succeeds', async () => {
    // The app's own retry rule, with a short delay so the test does not wait the API's 5 s.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: createQueryClient().getDefaultOptions().queries!.retry, retryDelay: 50 } },
    });
    const answers = [
      () => {
        throw unavailable();
      },
      () => {
        throw unavailable();
      },
      () => 'the shelf',
    ];
    renderWithProviders(
      <>
        <DatabaseNotice />
        <Reader answers={answers} />
      </>,
      { queryClient },
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Can’t reach the database — retrying');
    expect(await screen.findByText('the shelf')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('retries reads through a minute of outage at the API’s pace, and client errors not at all', () => {
    const { retry, retryDelay } = createQueryClient().getDefaultOptions().queries! as {
      retry: (count: number, error: unknown) => boolean;
      retryDelay: (count: number, error: unknown) => number;
    };
    expect(retry(11, unavailable())).toBe(true);
    expect(retry(12, unavailable())).toBe(false);
    expect(retryDelay(3, unavailable())).toBe(5_000);
    expect(retry(0, new ApiError({ code: 'NOT_FOUND', status: 404, message: 'gone' }))).toBe(false);
    expect(retry(1, new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }))).toBe(true);
    expect(retry(2, new ApiError({ code: 'INTERNAL', status: 500, message: 'x' }))).toBe(false);
  });
});
