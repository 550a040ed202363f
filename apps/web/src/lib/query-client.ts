import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** The API's answer while its database cannot be reached: reads try again until it is back. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isApiError(error) && error.code === 'DATABASE_UNAVAILABLE';
}

/** Reads retried while the database is down: about a minute at the API's Retry-After of 5 s. */
const DATABASE_RETRIES = 12;
const DATABASE_RETRY_DELAY_MS = 5_000;

/** A client error (4xx) will not change on a retry; a network blip or a 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return failureCount < DATABASE_RETRIES;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** TanStack's default backoff, except that a database outage is retried at the pace the API asks. */
function retryDelay(failureCount: number, error: unknown): number {
  if (isDatabaseUnavailable(error)) return DATABASE_RETRY_DELAY_MS;
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: false },
      // Writes are never retried on their own: the person sees the failure and sends it again.
      mutations: { retry: false },
    },
  });
}
