import pg from 'pg';
import { CUSTOM_PLAN, FEATURE_NOT_SUPPORTED } from './pglite-statements.js';

/**
 * PostgreSQL's client with its statements prepared once on each connection. node-postgres sends a
 * statement unnamed unless told a name, and PostgreSQL then parses and plans it on every call: on a
 * sale's reads that planning costs more than running them (the caller's access, with its joins, takes
 * about 1.3 ms to plan and 0.1 ms to run). This client names each parameterised statement text the
 * first time its connection sends it; node-postgres then sends only Bind and Execute for it, and the
 * server keeps the plan with the statement (and replans it when a table it reads changes).
 *
 * Left unnamed: statements without parameters (transaction control, migrations' scripts of several
 * statements, which only the simple protocol takes); statements marked CUSTOM_PLAN, whose best plan
 * depends on each call's values (searches, reports); and, once a connection holds `capacity`
 * statements, any text it has not seen, so a connection's memory stays bounded. A text whose prepared
 * statement failed with 0A000 (its table was altered under it) is sent unnamed from then on.
 *
 * Behind a pooler in transaction mode that does not carry prepared statements across its server
 * connections (PgBouncer before 1.21, or with max_prepared_statements = 0), turn this off with
 * DATABASE_PREPARED_STATEMENTS=false.
 */
export const PG_PREPARED_CAPACITY = 256;

type QueryConfig = pg.QueryConfig & { name?: string };

/** The pg client class the pool opens its connections with, naming statements as described above. */
export function preparingClient(capacity = PG_PREPARED_CAPACITY): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    /** Statement text → its name on this connection. */
    readonly #names = new Map<string, string>();
    /** Texts that stay unnamed on this connection (their prepared statement went stale). */
    readonly #unnamed = new Set<string>();
    /** Names are never reused on a connection, so a stale statement left on the server stays apart. */
    #sequence = 0;

    /** How many statement texts this connection holds prepared (tests). */
    get prepared(): number {
      return this.#names.size;
    }

    override query(...args: unknown[]): never {
      const [first, second] = args;
      const config = this.#named(first, second);
      const run = super.query as (...a: unknown[]) => unknown;
      if (config === undefined) return run.apply(this, args) as never;
      // The values moved into the statement; a callback after them stays where pg looks for it.
      const answer = run.call(this, config, ...args.slice(Array.isArray(second) ? 2 : 1));
      // A callback-style call answers undefined; only promise calls are watched for a stale plan.
      if (!(answer instanceof Promise)) return answer as never;
      return answer.catch((error: { code?: string }) => {
        if (error?.code === FEATURE_NOT_SUPPORTED) this.#stale(config.text);
        throw error;
      }) as never;
    }

    /** The call's statement with its name, or undefined when it stays as it was asked. */
    #named(first: unknown, second: unknown): QueryConfig | undefined {
      const asked: QueryConfig | undefined =
        typeof first === 'string'
          ? { text: first }
          : first !== null && typeof first === 'object' && typeof (first as QueryConfig).text === 'string'
            ? (first as QueryConfig)
            : undefined;
      const values = Array.isArray(second) ? (second as unknown[]) : asked?.values;
      if (!asked || asked.name || !values?.length) return undefined;
      const { text } = asked;
      if (text.startsWith(CUSTOM_PLAN) || this.#unnamed.has(text)) return undefined;
      let name = this.#names.get(text);
      if (name === undefined) {
        if (this.#names.size >= capacity) return undefined;
        name = `ipos_${++this.#sequence}`;
        this.#names.set(text, name);
      }
      return { ...asked, values, name };
    }

    /**
     * The text is sent unnamed from now on. Its stale statement stays on the server until the
     * connection closes: this happens only when a table changes under a running server.
     */
    #stale(text: string): void {
      this.#names.delete(text);
      this.#unnamed.add(text);
    }
  };
}
