import { errorCodes, type ErrorCode, type FieldError } from '@ipos/contracts';

/** The one error type services throw. Its code is stable and documented in packages/contracts. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; [key: string]: unknown } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorCodes[code];
  }
}

export const notFound = (what = 'The record') => new AppError('NOT_FOUND', `${what} was not found`);

/** Optimistic concurrency: a change sent at another version than the row's is a 409 naming the current one. */
export function checkVersion(what: string, current: number, read: number) {
  if (current !== read)
    throw new AppError('VERSION_CONFLICT', `Someone changed ${what} since you loaded it; reload and try again`, {
      currentVersion: current,
    });
}

/** A 400 naming each bad field, its detail listing them (`field: message; …`), as schema validation answers. */
export const invalidFields = (errors: FieldError[]) =>
  new AppError('VALIDATION_FAILED', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
