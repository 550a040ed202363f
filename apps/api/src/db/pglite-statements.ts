import {
  messages as messagesOf,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Parser = PGlite['parsers'][number];
/** The answers' classes, as PGlite's parser makes them. */
const { RowDescriptionMessage, DataRowMessage, CommandCompleteMessage } = messagesOf;

/**
 * The embedded database with its statements prepared once: the client drizzle runs on. PGlite's own
 * `query` parses, analyses and plans every statement it is sent (an unnamed statement), which on a
 * sale's statements costs more than running them; this client names each statement text the first
 * time it is seen, keeps it prepared in the database's one session, and from then on only binds and
 * executes it (one trip into the database instead of six). PostgreSQL keeps the plan with the
 * statement and replans it when a table it reads changes (a migration, ANALYZE).
 *
 * Everything else is PGlite's own: the same locks (a query outside a transaction waits for any
 * transaction, as `PGlite.query` does), the same parameter serializers and result parsers, the same
 * errors (with the statement and its parameters attached), and its transaction (BEGIN, COMMIT,
 * ROLLBACK) around the calls. At most `capacity` statements stay prepared; the one used least
 * recently is closed when a new one needs the room.
 */
export interface PreparedPglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: PreparedPgliteTransaction) => Promise<T>): Promise<T>;
  /** How many statement texts are prepared now (tests). */
  readonly prepared: number;
}

export type PreparedPgliteTransaction = Pick<Transaction, 'exec' | 'rollback' | 'closed'> &
  Pick<PreparedPglite, 'query'>;

interface Prepared {
  name: string;
  /** The type of each parameter, as the database inferred it. */
  types: number[];
}

/** SQLSTATE 0A000: a prepared statement's result changed shape under it (its table was altered). */
export const FEATURE_NOT_SUPPORTED = '0A000';
/** The command tags that end in the count of rows written ("INSERT 0 5", "UPDATE 3"). */
const COUNTING_WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
/**
 * What a statement text starts with when it must be planned for each call's values: a search whose
 * best plan depends on how many rows its pattern matches (the trigram index for a rare piece of text,
 * a scan for a common one), or a report whose plan depends on its period. A prepared statement
 * switches to one generic plan after five calls, made without the values; such a statement is sent
 * unnamed instead, parsed and planned every time; PostgreSQL's client (pg-statements.ts) does the same.
 */
export const CUSTOM_PLAN = '/* custom plan */ ';
/** Names unique in the process, so two clients over one database never take each other's. */
let sequence = 0;

/**
 * The rows of one statement's answer, as PGlite's `parseResults` reads them, but looking each type's
 * parser up in the caller's few (drizzle's) before the database's many, where PGlite merges the two
 * objects (hundreds of entries) for every statement: that copy was a seventh of a sale's server time.
 */
function resultsOf<T>(
  messages: BackendMessage[],
  parsers: Record<number | string, Parser>,
  options?: QueryOptions,
): Results<T> {
  const own = options?.parsers;
  const read = (value: string | null, type: number) => {
    if (value === null) return null;
    const parser = own?.[type] ?? parsers[type];
    return parser ? parser(value, type) : value;
  };
  let fields: Results<T>['fields'] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message instanceof RowDescriptionMessage) {
      fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    } else if (message instanceof DataRowMessage) {
      const values = message.fields.map((value, i) => read(value, fields[i]!.dataTypeID));
      rows.push(options?.rowMode === 'array' ? values : Object.fromEntries(values.map((v, i) => [fields[i]!.name, v])));
    } else if (message instanceof CommandCompleteMessage) {
      const [command = '', ...rest] = message.text.split(' ');
      if (COUNTING_WRITES.has(command)) affectedRows = Number(rest.at(-1));
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}

export function preparedPglite(client: PGlite, capacity = 512): PreparedPglite {
  /** Statement text → its prepared name; a Map keeps insertion order, so the first key is the oldest. */
  const statements = new Map<string, Prepared>();
  /** Protocol messages sent together in one trip into the database. */
  const send = (...messages: Uint8Array[]) => client.execProtocolStream(Buffer.concat(messages), { syncToFs: false });

  /** The statement parsed under `name` and its parameters' types, as the database inferred them. */
  async function describe(name: string, text: string, options?: QueryOptions): Promise<Prepared> {
    const described = await send(
      protocol.serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    return { name, types: parse.parseDescribeStatementResults(described) };
  }

  /** The statement prepared (once), and marked as the most recently used; unnamed when it plans per call. */
  async function prepare(text: string, options?: QueryOptions): Promise<Prepared> {
    if (text.startsWith(CUSTOM_PLAN)) return describe('', text, options);
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    if (statements.size >= capacity) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      await send(protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync());
    }
    const prepared = await describe(`ipos_${++sequence}`, text, options);
    statements.set(text, prepared);
    return prepared;
  }

  /** One statement: bound to its parameters, described, executed and synced in one trip. */
  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    try {
      const { name, types } = await prepare(text, options);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serialize = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
        return serialize ? serialize(param) : String(param);
      });
      const messages = await send(
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      );
      return resultsOf<T>(messages, client.parsers, options);
    } catch (error) {
      if (error instanceof Error && 'code' in error) {
        // A statement whose table changed shape is prepared again next time.
        if (error.code === FEATURE_NOT_SUPPORTED) statements.delete(text);
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      throw error;
    }
  }

  return {
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      // A closed or closing database says so ("PGlite is closed"), as its own query does.
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client.runExclusive(async () => {
          const results = await run<T>(text, params, options);
          // Outside a transaction a statement is its own commit: written to the files, as PGlite does.
          await client.syncToFs();
          return results;
        }),
      );
    },
    transaction: (callback) =>
      client.transaction((tx) =>
        callback({
          query: (text, params, options) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return client.runExclusive(() => run(text, params, options));
          },
          exec: (text, options) => tx.exec(text, options),
          rollback: () => tx.rollback(),
          get closed() {
            return tx.closed;
          },
        }),
      ),
    get prepared() {
      return statements.size;
    },
  };
}
