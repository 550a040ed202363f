import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildPath, IDEMPOTENCY_HEADER, STORE_HEADER } from '@ipos/contracts';
import { TINY_PNG } from './images.js';
import {
  bodyAndQueryReferences,
  buildRequest,
  buildValidRequest,
  describeOperation,
  referenceKind,
  type BuiltRequest,
  type Operation,
  type RecordKind,
  type Reference,
} from './openapi-requests.js';
import type { TestServer } from './server.js';

/**
 * The tenancy matrix: one business (the attacker, signed in as its owner) calls a route with another
 * business's (the victim's) ids, one place at a time, and every answer is judged by the same rules:
 *
 * - `path`:  the victim's ids in the path                       → 404 or 403
 * - `store`: X-Store-Id names the victim's store, all else own → 404 or 403
 * - `query` / `body`: one reference field names the victim's record, all else the attacker's own
 *     → 404 or 403; or 400, 409 or 422 whose problem names the field; a GET may also answer 2xx
 *       (a filter naming a foreign id matches nothing), since the leak rule below still holds; an
 *       import preview answers 200 with every row refused on that field (a preview writes nothing)
 * - `own`:   a GET with the attacker's own ids only              → anything but a 5xx
 *
 * And on every answer: no 5xx, no victim name (business or store), and no victim id other than the
 * ones the request itself sent. The caller checks afterwards that the victim's rows did not change.
 */

export type MatrixCase = 'path' | 'store' | 'query' | 'body' | 'own';
export const matrixCases: MatrixCase[] = ['path', 'store', 'query', 'body', 'own'];

export interface Side {
  businessId: string;
  storeId: string;
  token: string;
  ids: Record<RecordKind, string>;
}

export interface Victim extends Side {
  names: string[];
  allIds: Set<string>;
}

export interface MatrixRow {
  route: string;
  case: MatrixCase;
  field?: string;
  status: number;
  /** The answer's first characters, to read what a route said. */
  answer: string;
  failure?: string;
}

/** The table holding each kind's version (edits send the edited record's own). */
const versionTable: Partial<Record<RecordKind, { table: string; key: string }>> = {
  business: { table: 'businesses', key: 'id' },
  store: { table: 'stores', key: 'id' },
  category: { table: 'categories', key: 'id' },
  product: { table: 'products', key: 'id' },
  customer: { table: 'contacts', key: 'id' },
  vendor: { table: 'contacts', key: 'id' },
  invoice: { table: 'invoices', key: 'id' },
  purchaseOrder: { table: 'purchase_orders', key: 'id' },
  waste: { table: 'waste_records', key: 'id' },
  role: { table: 'roles', key: 'id' },
  taxRate: { table: 'tax_rates', key: 'id' },
  registerSession: { table: 'register_sessions', key: 'id' },
  staff: { table: 'staff_members', key: 'account_id' },
  stockCount: { table: 'stock_counts', key: 'id' },
  transfer: { table: 'stock_transfers', key: 'id' },
};

/** Routes without a path id edit the business itself: its profile, or its plan (versioned apart). */
const businessVersionColumn = (path: string) => (path.startsWith('/api/v1/plan') ? 'plan_version' : 'version');

export async function versionFor(server: TestServer, op: Operation, pathIds: Record<string, string>, side: Side) {
  const db = server.deps.database.db;
  const param = op.pathParams[0];
  const kind = param ? referenceKind(param.name, param.schema) : undefined;
  const source = kind ? versionTable[kind] : undefined;
  const first = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { version: number }[] }).rows[0]?.version;
  if (source && param) {
    const scope = source.table === 'businesses' ? sql`` : sql`and business_id = ${side.businessId}`;
    return first(sql`select version from ${sql.identifier(source.table)}
                      where ${sql.identifier(source.key)} = ${pathIds[param.name]} ${scope}`);
  }
  const column = sql.identifier(businessVersionColumn(op.path));
  return first(sql`select ${column} as version from businesses where id = ${side.businessId}`);
}

/** A raw body an upload route accepts: a real PNG for images, a small CSV for imports. */
function rawPayload(op: Operation, csv?: string): { type: string; payload: Buffer } | undefined {
  const types = op.endpoint.rawBody?.contentTypes;
  if (!types) return undefined;
  if (types.includes('image/png')) return { type: 'image/png', payload: TINY_PNG };
  if (types.includes('text/csv')) return { type: 'text/csv', payload: Buffer.from(csv ?? 'name\nProbe\n') };
  throw new Error(`${describeOperation(op)}: no sample for ${types.join(', ')}`);
}

/** CSV imports whose rows name records by id: a row naming the victim's record is the body case. */
const csvReferences: Record<string, { kind: RecordKind; csv: (id: string) => string }> = {
  '/api/v1/contacts/import': { kind: 'customer', csv: (id) => `id,kind,name\n${id},customer,Probe Customer\n` },
  '/api/v1/contacts/import/preview': {
    kind: 'customer',
    csv: (id) => `id,kind,name\n${id},customer,Probe Customer\n`,
  },
};

interface Probe {
  case: MatrixCase;
  field?: string;
  name?: string;
  request: BuiltRequest;
  storeId?: string;
  csv?: string;
  sentVictimIds: string[];
}

async function send(server: TestServer, op: Operation, token: string, probe: Probe): Promise<LightMyRequestResponse> {
  const raw = rawPayload(op, probe.csv);
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    [IDEMPOTENCY_HEADER]: `matrix-${Math.random().toString(36).slice(2)}`,
    ...(probe.storeId ? { [STORE_HEADER]: probe.storeId } : {}),
    ...(raw ? { 'content-type': raw.type } : {}),
  };
  const payload = raw ? raw.payload : (probe.request.body as object | undefined);
  return server.app.inject({
    method: op.method,
    url: buildPath(op.path, probe.request.params),
    query: probe.request.query,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function rowRefused(text: string, field: string | undefined): boolean {
  const report = JSON.parse(text) as { rows?: { action: string; errors: { field: string }[] }[] };
  return (
    Boolean(report.rows?.length) &&
    report.rows!.every((r) => r.action === 'error' && r.errors.some((e) => e.field === field))
  );
}

/** Why an answer breaks the rules, or undefined when it keeps them. */
function judge(op: Operation, probe: Probe, res: LightMyRequestResponse, victim: Victim): string | undefined {
  const status = res.statusCode;
  const text = res.body;
  if (status >= 500) return `answered ${status}: ${text.slice(0, 300)}`;
  const name = victim.names.find((n) => text.includes(n));
  if (name) return `revealed the victim's name "${name}" (${status}): ${text.slice(0, 300)}`;
  const sent = new Set(probe.sentVictimIds.map((id) => id.toLowerCase()));
  const leaked = (text.match(UUIDS) ?? [])
    .map((id) => id.toLowerCase())
    .find((id) => victim.allIds.has(id) && !sent.has(id));
  if (leaked) return `revealed the victim's id ${leaked} (${status}): ${text.slice(0, 300)}`;
  if (probe.case === 'own') return undefined;
  if (status === 404 || status === 403) return undefined;
  if (probe.case === 'path' || probe.case === 'store') return `answered ${status}, not 404/403: ${text.slice(0, 300)}`;
  if (status < 300 && op.method === 'GET' && probe.case === 'query') return undefined;
  if ([400, 409, 422].includes(status) && probe.name && text.includes(probe.name)) return undefined;
  // A file check (import preview) writes nothing and answers 200 with each row's errors.
  if (status === 200 && op.path.endsWith('/preview') && rowRefused(text, probe.name)) return undefined;
  return `answered ${status} (a ${probe.case} id: expected 404, 403, or a 400/409/422 naming ${probe.name}): ${text.slice(0, 300)}`;
}

/** The probes of one route, in the order they are sent. */
async function probesOf(server: TestServer, op: Operation, attacker: Side, victim: Victim): Promise<Probe[]> {
  // Admin-mode and own-account routes name no store: the header means nothing to them.
  const isAdmin = op.path.startsWith('/api/v1/admin/') || op.endpoint.access === 'signedIn';
  const storeId = isAdmin ? undefined : attacker.storeId;
  const own = (kind: RecordKind) => attacker.ids[kind];
  const probes: Probe[] = [];
  const ownParams = buildRequest(op, own, { idOf: own }).params;
  const ownVersion = await versionFor(server, op, ownParams, attacker);

  if (op.pathParams.length > 0) {
    const theirs = (kind: RecordKind) => victim.ids[kind];
    const params = buildRequest(op, theirs, { idOf: own }).params;
    const version = await versionFor(server, op, params, victim);
    const request = buildValidRequest(op, theirs, { idOf: own, version });
    probes.push({ case: 'path', request, storeId, sentVictimIds: Object.values(params) });
  }
  if (!isAdmin) {
    const request = buildValidRequest(op, own, { idOf: own, version: ownVersion });
    probes.push({ case: 'store', request, storeId: victim.storeId, sentVictimIds: [victim.storeId] });
  }
  for (const ref of bodyAndQueryReferences(op))
    probes.push(referenceProbe(op, ref, attacker, victim, ownVersion, storeId));
  const csv = csvReferences[op.path];
  if (csv) {
    const id = victim.ids[csv.kind];
    const request = buildRequest(op, own, { idOf: own });
    probes.push({ case: 'body', field: 'csv.id', name: 'id', request, storeId, csv: csv.csv(id), sentVictimIds: [id] });
  }
  if (op.method === 'GET') {
    const request = buildValidRequest(op, own, { idOf: own, version: ownVersion });
    probes.push({ case: 'own', request, storeId, sentVictimIds: [] });
  }
  return probes;
}

function referenceProbe(
  op: Operation,
  ref: Reference,
  attacker: Side,
  victim: Victim,
  version: number | undefined,
  storeId: string | undefined,
): Probe {
  const own = (kind: RecordKind) => attacker.ids[kind];
  const request = buildValidRequest(op, own, {
    target: ref.field,
    idOf: (kind, isTarget) => (isTarget ? victim.ids[kind] : attacker.ids[kind]),
    version,
  });
  return {
    case: ref.field.startsWith('query.') ? 'query' : 'body',
    field: ref.field,
    name: ref.name,
    request,
    storeId,
    sentVictimIds: [victim.ids[ref.kind]],
  };
}

/** Runs every probe (of the cases given) of every operation given; returns one row per request. */
export async function runTenancyMatrix(
  server: TestServer,
  operations: Operation[],
  attacker: Side,
  victim: Victim,
  cases: readonly MatrixCase[] = matrixCases,
): Promise<MatrixRow[]> {
  const rows: MatrixRow[] = [];
  for (const op of operations) {
    const probes = (await probesOf(server, op, attacker, victim)).filter((p) => cases.includes(p.case));
    for (const probe of probes) {
      const res = await send(server, op, attacker.token, probe);
      const failure = judge(op, probe, res, victim);
      rows.push({
        route: describeOperation(op),
        case: probe.case,
        field: probe.field,
        status: res.statusCode,
        answer: res.body.slice(0, 240),
        failure,
      });
    }
  }
  return rows;
}

/**
 * Operations the matrix covers: every route that acts on a business, and the caller's own-account
 * routes that name a record (an invitation to accept); public routes and the rest of /me name none.
 */
export const tenantOperations = (ops: Operation[]) =>
  ops.filter(
    (op) =>
      op.endpoint.access !== 'public' &&
      (op.endpoint.access !== 'signedIn' || op.pathParams.length > 0 || bodyAndQueryReferences(op).length > 0),
  );

/** "tenancy matrix: N routes × M cases, F failures", with the requests per case. */
export function summarize(
  label: string,
  operations: Operation[],
  rows: MatrixRow[],
  cases: readonly MatrixCase[] = matrixCases,
): string {
  const perCase = cases.map((c) => `${c} ${rows.filter((r) => r.case === c).length}`).join(', ');
  const failures = rows.filter((r) => r.failure).length;
  return `${label}: ${operations.length} routes × ${cases.length} cases, ${failures} failures (${rows.length} requests: ${perCase})`;
}

/** The failed rows, one line each, for the assertion's message. */
export const failuresOf = (rows: MatrixRow[]) =>
  rows.filter((r) => r.failure).map((r) => `${r.route} [${r.case}${r.field ? ` ${r.field}` : ''}] ${r.failure}`);

/** Mail written since `sinceIds` was taken that names any of `secrets` (a victim's names and ids). */
export async function mailNaming(server: TestServer, sinceIds: Set<string>, secrets: string[]): Promise<string[]> {
  const result = (await server.deps.database.db.execute(
    sql`select id::text as id, to_address, subject, text_body from mail_outbox`,
  )) as unknown as { rows: { id: string; to_address: string; subject: string; text_body: string }[] };
  return result.rows
    .filter((m) => !sinceIds.has(m.id))
    .filter((m) => secrets.some((s) => `${m.subject}\n${m.text_body}`.includes(s)))
    .map((m) => `${m.to_address}: ${m.subject}`);
}

export async function mailIds(server: TestServer): Promise<Set<string>> {
  const result = (await server.deps.database.db.execute(sql`select id::text as id from mail_outbox`)) as unknown as {
    rows: { id: string }[];
  };
  return new Set(result.rows.map((r) => r.id));
}
