/**
 * Whether an error means the database cannot be reached, rather than that a statement was wrong:
 * the server refused or dropped the connection, is shutting down or starting up, has no connection
 * slot left, or the embedded database was closed. Such a request is answered 503 with Retry-After
 * (the request may work in a moment), not 500 (a defect). Drivers and drizzle wrap errors, so the
 * whole `cause` chain is read.
 */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs: admin shutdown, crash shutdown, cannot connect now, too many connections. */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own words for a connection it lost or could not make in time. */
const lostConnection =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|connection ended unexpectedly|cannot use a pool after calling end|pglite is closed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = typeof current.code === 'string' ? current.code : '';
    // Class 08: connection exceptions.
    if (socketCodes.has(code) || unavailableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof current.message === 'string' && lostConnection.test(current.message)) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
