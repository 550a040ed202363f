import { pino, type DestinationStream, type Logger } from 'pino';

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

/** The process logger (pino, JSON lines); Fastify and the mailer share it. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: logRedactPaths, censor: '[redacted]' } }, destination);
}
