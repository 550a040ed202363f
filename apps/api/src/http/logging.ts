import { pino, type DestinationStream, type Logger, type LogFn } from 'pino';
import { loggableError, loggableErrorOf } from '../lib/loggable-error.js';

/** Never in a log line: credentials, tokens, PINs, cookies. */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.pin',
  '*.newPin',
  '*.currentPin',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.client_secret',
];

/**
 * pino writes an error's raw message as the line's `msg` when it is given no message of its own
 * (`log.error(err)`, and Fastify's fallback handler passes `err.message`): the cleaned one goes instead.
 */
function cleanErrorMessages(this: Logger, args: Parameters<LogFn>, method: LogFn) {
  const [first, second, ...rest] = args as unknown[];
  const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  if (error instanceof Error && (second === undefined || second === error.message)) {
    return method.apply(this, [first as object, loggableErrorOf(error).message, ...rest]);
  }
  return method.apply(this, args);
}

/**
 * The process logger (pino, JSON lines); Fastify, the identity provider, the mailer and the background
 * jobs share it. Every `err` goes through loggableError: a failed query's parameters never reach a log.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: logRedactPaths, censor: '[redacted]' },
      serializers: { err: loggableError },
      hooks: { logMethod: cleanErrorMessages },
    },
    destination,
  );
}
