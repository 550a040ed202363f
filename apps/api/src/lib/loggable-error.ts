/**
 * Any error as an object safe to log: what failed and where, never the values it was working on.
 *
 * A failed query's error carries its parameters (tokens, names, e-mail addresses): drizzle's message
 * reads "Failed query: … params: …" and keeps `params`; PGlite's error keeps `params` too, and
 * PostgreSQL's `detail` and `where` quote row values ("Key (email)=(…) already exists", "Failing row
 * contains (…)"). So the log gets the statement's shape (SQL with $1 placeholders), the database's
 * error code, severity and the names of the constraint, table and column, and nothing else of a
 * database error.
 */
export interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/** Fields of a PostgreSQL error (pg, PGlite) that name things rather than quote values. */
const DATABASE_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'position',
  // PGlite's: the statement as sent, with placeholders.
  'query',
] as const;

/** Fields of any error that can hold parameters or row values: never logged. */
const VALUE_FIELDS = new Set([
  'params',
  'parameters',
  'values',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
  'hint',
]);

/** Fields written here from the error itself, not copied. */
const OWN_FIELDS = new Set(['message', 'stack', 'cause', 'errors', 'name']);

const WITHHELD = '[withheld]';
/** Shorter parameter values are not searched for in messages (they would match unrelated text). */
const MIN_SCRUBBED_LENGTH = 4;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string')
  );
}

/** A PostgreSQL error: a SQLSTATE code (five characters) and a severity. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';
}

/** drizzle's DrizzleQueryError: the statement and its parameters, with the driver's error as cause. */
function isFailedQuery(error: ErrorLike): error is ErrorLike & { query: string } {
  return typeof error.query === 'string' && Array.isArray(error.params) && error.message.startsWith('Failed query:');
}

function parameterTexts(error: ErrorLike): string[] {
  const params = Array.isArray(error.params) ? (error.params as unknown[]) : [];
  // Text and JSON; numbers, booleans and dates say nothing about a person.
  return params.flatMap((p) => {
    const text =
      typeof p === 'string' ? p : typeof p === 'object' && p !== null && !(p instanceof Date) ? JSON.stringify(p) : '';
    return text.length >= MIN_SCRUBBED_LENGTH ? [text] : [];
  });
}

/**
 * The message without values: drizzle's loses its "params:" part; PostgreSQL's data errors (class 22,
 * "invalid input syntax for type uuid: "…"") lose what they quote; any known parameter is withheld.
 */
function cleanMessage(error: ErrorLike, params: string[]): string {
  // The statement has placeholders where the values went.
  if (isFailedQuery(error)) return `Failed query: ${error.query.trim()}`;
  let message = error.message;
  if (isDatabaseError(error) && String(error.code).startsWith('22')) message = message.replace(/"[^"]*"/g, WITHHELD);
  return withhold(message, params);
}

function withhold(text: string, params: string[]): string {
  return params.reduce((out, value) => out.split(value).join(WITHHELD), text);
}

/** The stack's frames under a first line rebuilt from the cleaned message (V8 repeats the message). */
function cleanStack(error: ErrorLike, type: string, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const lines = error.stack.split('\n');
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line));
  const frames = firstFrame === -1 ? [] : lines.slice(firstFrame);
  return [`${type}: ${message}`, ...frames].join('\n');
}

function serialize(error: ErrorLike, inherited: string[], seen: WeakSet<object>): LoggableError {
  seen.add(error);
  const params = [...inherited, ...parameterTexts(error)];
  const type = typeof error.constructor === 'function' && error.constructor.name ? error.constructor.name : 'Error';
  const own = cleanMessage(error, params);
  const out: LoggableError = { type, message: own };
  const stack = cleanStack(error, type, own);
  if (stack) out.stack = stack;
  if (isDatabaseError(error)) {
    for (const field of DATABASE_FIELDS) if (error[field] !== undefined) out[field] = error[field];
  } else {
    for (const key of Object.keys(error)) {
      if (OWN_FIELDS.has(key) || VALUE_FIELDS.has(key)) continue;
      const value = error[key];
      if (isErrorLike(value)) {
        if (!seen.has(value)) out[key] = serialize(value, params, seen);
      } else if (typeof value === 'string' && !(key === 'query' && isFailedQuery(error))) {
        out[key] = withhold(value, params);
      } else out[key] = value;
    }
  }
  if (isErrorLike(error.cause) && !seen.has(error.cause)) {
    const cause = serialize(error.cause, params, seen);
    if (cause.query === out.query) delete cause.query;
    out.cause = cause;
    // A failed query reads at a glance: its statement and the database's code and severity side by side.
    if (isFailedQuery(error)) {
      if (cause.code !== undefined) out.code = cause.code;
      if (cause.severity !== undefined) out.severity = cause.severity;
    }
    // As pino does: the message says what went wrong underneath ("Failed query: …: relation … does not exist").
    out.message = `${own}: ${cause.message}`;
  }
  if (Array.isArray(error.errors)) {
    out.aggregateErrors = (error.errors as unknown[])
      .filter((e): e is ErrorLike => isErrorLike(e) && !seen.has(e))
      .map((e) => serialize(e, params, seen));
  }
  return out;
}

/** The log's `err` serializer (every logger createLogger makes): errors cleaned, anything else as given. */
export function loggableError(value: unknown): unknown {
  if (!isErrorLike(value)) return value;
  return serialize(value, [], new WeakSet());
}

/** Anything thrown, cleaned, for output that does not go through the logger (the console at start-up). */
export function loggableErrorOf(value: unknown): LoggableError {
  if (!isErrorLike(value)) return { type: typeof value, message: String(value) };
  return serialize(value, [], new WeakSet());
}
