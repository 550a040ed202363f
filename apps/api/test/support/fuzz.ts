import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { IDEMPOTENCY_HEADER, STORE_HEADER } from '@ipos/contracts';
import { TINY_PNG } from './images.js';
import {
  buildRequest,
  buildValidRequest,
  describeOperation,
  referenceKind,
  type BuiltRequest,
  type JsonSchema,
  type Operation,
  type RecordKind,
} from './openapi-requests.js';
import type { TestServer } from './server.js';

/**
 * The fuzz pass: every operation of the served OpenAPI document gets generated requests, sent as a
 * real signed-in owner with a store, so they pass access and reach validation and the handlers. Each
 * case starts from a request the contract accepts (the security matrices' builder) and then varies
 * fields with other values of their schema, or breaks them (wrong types, missing and extra fields,
 * huge and odd strings, odd numbers, bad and foreign ids), the whole body, or the headers. Any 5xx
 * is a failure. Cases come from fast-check with one seed per operation (derived from a printed
 * run seed), so one operation's cases can be replayed alone.
 */

/** Who sends the requests (the fuzzed business's owner) and the other business whose ids are "foreign". */
export interface FuzzSides {
  token: () => Promise<string>;
  accountId: string;
  storeId: string;
  ids: Record<RecordKind, string>;
  foreign: Record<RecordKind, string>;
  /** A record's version, for edits (the contract wants the current one). */
  versionOf: (op: Operation, params: Record<string, string>) => Promise<number | undefined>;
}

// ---------------------------------------------------------------- values

/** A JSON number written as it is (beyond what a JS number can hold: 1e400, 30 digits). */
class RawJson {
  constructor(readonly text: string) {}
}

const MB = 1024 * 1024;

const oddStrings = [
  '',
  ' ',
  '   padded   ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  '👩‍👩‍👧‍👦🇰🇪',
  'Z̴̡̢a̵l̸g̷o̶',
  "' OR 1=1 --",
  "'); drop table products; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '=HYPERLINK("http://x")',
  '../../etc/passwd',
  '%00',
  '%',
  '\\',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '0x1F',
  ' 12 ',
  '١٢٣',
  '12abc',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  '2026-13-01T25:61:61Z',
  '\r\n\t',
  '\u00A0\u2028\u2029',
  '\uFEFF',
];

const oddNumbers: unknown[] = [
  0,
  -0,
  -1,
  0.5,
  -0.0001,
  1.0000001,
  1e-300,
  1e308,
  -1e308,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1.00000000000000000000000001'),
  new RawJson('-0.0'),
];

const wrongTypes: unknown[] = [null, true, false, 0, 1, 'text', [], [1, 'a'], {}, { a: 1 }, [[[]]], { $gt: '' }];

const STRING_64K = 'y'.repeat(64 * 1024);
const STRING_1MB = 'z'.repeat(MB);

/** Strings just over the field's limit, or far over it (64 KB, 1 MB). */
function hugeString(schema: JsonSchema) {
  const over = (schema.maxLength ?? 255) + 1;
  return fc.oneof(
    { arbitrary: fc.constant(over).map((n) => 'x'.repeat(n)), weight: 4 },
    { arbitrary: fc.constant(over).map((n) => 'é'.repeat(n)), weight: 2 },
    { arbitrary: fc.constant(STRING_64K), weight: 2 },
    { arbitrary: fc.constant(STRING_1MB), weight: 1 },
  );
}

/** Ids that name nothing, something of another business, or something of another kind. */
function badIds(sides: FuzzSides, kind: RecordKind | undefined) {
  const foreign = kind ? [sides.foreign[kind]] : [];
  const otherKinds = Object.values(sides.ids).filter((id) => id !== sides.accountId);
  return fc.oneof(
    fc.constantFrom(
      'not-a-uuid',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '123',
      '',
      `${randomUUID()} `,
      randomUUID().toUpperCase(),
      randomUUID().replace(/-/g, ''),
      `${randomUUID()}x`,
      '..',
      ...foreign,
    ),
    fc.uuid(),
    fc.constantFrom(...otherKinds, ...Object.values(sides.foreign)),
  );
}

/** A value that breaks the schema (or probes its edges): by the type it expects, or any type. */
function oddValue(schema: JsonSchema, name: string, sides: FuzzSides): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const kind = safeKind(name, schema);
  const strings = fc.oneof(
    { arbitrary: fc.constantFrom(...oddStrings), weight: 4 },
    { arbitrary: hugeString(schema), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  );
  const numbers = fc.constantFrom(...oddNumbers);
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...wrongTypes)];
  if (kind || isUuid(schema)) options.push(badIds(sides, kind), badIds(sides, kind));
  if (type === 'integer' || type === 'number') options.push(numbers, numbers, strings);
  else if (type === 'string') options.push(strings, strings, numbers);
  else if (type === 'array') options.push(fc.constant(Array.from({ length: 2000 }, () => 1)), strings);
  else options.push(strings, numbers);
  return fc.oneof(...options);
}

/** A value the schema allows, biased to its edges (fast-check favours extremes and small values). */
function schemaValue(schema: JsonSchema, name: string, sides: FuzzSides, depth = 0): fc.Arbitrary<unknown> {
  const kind = safeKind(name, schema);
  if (kind) {
    const id = fc.constantFrom(sides.ids[kind]);
    return typeOf(schema) === 'array' ? fc.array(id, { minLength: 1, maxLength: 3 }) : id;
  }
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => schemaValue(b, name, sides, depth)));
  if (schema.allOf?.length) return schemaValue(Object.assign({}, ...schema.allOf), name, sides, depth);
  switch (typeOf(schema)) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e15,
        max: schema.maximum ?? 1e15,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 3) return fc.constant([]);
      return fc.array(schemaValue(schema.items ?? {}, name, sides, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, 4),
      });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([p, s]) => [p, schemaValue(s, p, sides, depth + 1)]),
      );
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((r) => r in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => fitsLength(schema, s));
    } catch {
      // A pattern fast-check cannot generate from: any string of the right length.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 300, 300);
  return fc.oneof(
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.string({ minLength, maxLength }),
    fc.constant('x'.repeat(schema.maxLength ?? 1000)),
  );
}

const fitsLength = (schema: JsonSchema, s: string) =>
  s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  const branch = (schema.anyOf ?? schema.oneOf)?.find((b) => b.type && b.type !== 'null');
  return branch ? typeOf(branch) : undefined;
}

const isUuid = (schema: JsonSchema): boolean =>
  schema.format === 'uuid' || Boolean(schema.items && isUuid(schema.items)) || (schema.anyOf ?? []).some(isUuid);

/** The record kind a field names; a field of a kind the matrices do not know is just a uuid here. */
function safeKind(name: string, schema: JsonSchema): RecordKind | undefined {
  try {
    return referenceKind(name, schema);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- fields of a request

/** One place a request can carry a value: `params.saleId`, `query.page`, `body.lines.0.quantity`. */
interface Slot {
  where: 'params' | 'query' | 'body';
  path: (string | number)[];
  name: string;
  schema: JsonSchema;
}

function slotsOf(op: Operation): Slot[] {
  const slots: Slot[] = [
    ...op.pathParams.map((p) => ({ where: 'params' as const, path: [p.name], name: p.name, schema: p.schema })),
    ...op.queryParams.map((p) => ({ where: 'query' as const, path: [p.name], name: p.name, schema: p.schema })),
  ];
  if (op.body) collectSlots(op.body, [], 'body', slots, 0);
  return slots;
}

function collectSlots(schema: JsonSchema, path: (string | number)[], name: string, out: Slot[], depth: number) {
  if (depth > 4) return;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    collectSlots(branch, path, name, out, depth + 1);
  if (schema.items) collectSlots(schema.items, [...path, 0], name, out, depth + 1);
  for (const [prop, child] of Object.entries(schema.properties ?? {})) {
    const childPath = [...path, prop];
    if (!out.some((s) => s.where === 'body' && s.path.join('.') === childPath.join('.')))
      out.push({ where: 'body', path: childPath, name: prop, schema: child });
    collectSlots(child, childPath, prop, out, depth + 1);
  }
}

const DELETE = Symbol('delete');

/** Sets (or deletes) the value at a path, making the objects and arrays on the way. */
function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value === DELETE ? undefined : value;
  const [head, ...rest] = path;
  const holder = (
    typeof head === 'number'
      ? Array.isArray(root)
        ? [...(root as unknown[])]
        : []
      : root && typeof root === 'object' && !Array.isArray(root)
        ? { ...(root as object) }
        : {}
  ) as Record<string | number, unknown>;
  if (rest.length === 0 && value === DELETE) {
    if (Array.isArray(holder)) holder.splice(head as number, 1);
    else delete holder[head!];
  } else holder[head!] = setAt(holder[head!], rest, value);
  return holder;
}

// ---------------------------------------------------------------- cases

export interface FuzzCase {
  kind: 'valid' | 'vary' | 'break' | 'extra' | 'missing' | 'body' | 'headers';
  what: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  /** A payload sent as it is, with its content type (raw bodies, malformed JSON). */
  raw?: { type: string; payload: string | Buffer };
  headers: Record<string, string | undefined>;
}

type Edit = (c: FuzzCase) => FuzzCase;

const withSlot = (c: FuzzCase, slot: Slot, value: unknown): FuzzCase => {
  const next = { ...c };
  if (slot.where === 'body') next.body = setAt(c.body, slot.path, value);
  else next[slot.where] = setAt(c[slot.where], slot.path, value) as Record<string, unknown>;
  return next;
};

function slotEdits(op: Operation, sides: FuzzSides): fc.Arbitrary<{ kind: FuzzCase['kind']; edit: Edit }>[] {
  const slots = slotsOf(op);
  if (slots.length === 0) return [];
  const slot = fc.constantFrom(...slots);
  const label = (s: Slot) => `${s.where}.${s.path.join('.')}`;
  const vary = slot.chain((s) =>
    schemaValue(s.schema, s.name, sides).map((v) => ({
      kind: 'vary' as const,
      edit: (c: FuzzCase) => ({ ...withSlot(c, s, v), what: `${c.what}; ${label(s)} = ${show(v)}` }),
    })),
  );
  const breakIt = slot.chain((s) =>
    oddValue(s.schema, s.name, sides).map((v) => ({
      kind: 'break' as const,
      edit: (c: FuzzCase) => ({ ...withSlot(c, s, v), what: `${c.what}; ${label(s)} = ${show(v)}` }),
    })),
  );
  const missing = slot.map((s) => ({
    kind: 'missing' as const,
    edit: (c: FuzzCase) => ({ ...withSlot(c, s, DELETE), what: `${c.what}; without ${label(s)}` }),
  }));
  const extra = fc
    .tuple(fc.constantFrom('query', 'body'), fc.constantFrom('isAdmin', '__proto', 'businessId', 'x'))
    .map(([where, name]) => ({
      kind: 'extra' as const,
      edit: (c: FuzzCase) => {
        if (where === 'body' && (c.body === null || typeof c.body !== 'object' || Array.isArray(c.body))) return c;
        const s: Slot = { where: where as Slot['where'], path: [name], name, schema: {} };
        const value = name === 'businessId' ? sides.foreign.business : 'extra';
        return { ...withSlot(c, s, value), what: `${c.what}; extra ${where}.${name}` };
      },
    }));
  return [vary, vary, breakIt, breakIt, breakIt, missing, extra];
}

/** Whole-body cases: not JSON, JSON of another shape, or a raw endpoint's odd files. */
function bodyEdits(op: Operation): fc.Arbitrary<{ kind: FuzzCase['kind']; edit: Edit }> {
  const types = op.endpoint.rawBody?.contentTypes;
  const json = (payload: string, type = 'application/json') => ({ type, payload });
  const raws = fc.oneof(
    fc.constantFrom(
      json('{"a":'),
      json('{"a":1,}'),
      json(''),
      json('null'),
      json('[]'),
      json('"text"'),
      json('{"__proto__":{"x":1}}'),
      json('{"constructor":{"prototype":{"x":1}}}'),
      json(`[${'['.repeat(5000)}${']'.repeat(5000)}]`),
      json('{"a":"\\ud800"}'),
      json('{"a":"\\u0000"}'),
      json('{}', 'text/plain'),
      json('{}', 'application/json; charset=utf-16'),
      json('a=1&b=2', 'application/x-www-form-urlencoded'),
      json('<x/>', 'application/xml'),
      { type: 'image/png', payload: TINY_PNG },
      { type: 'image/png', payload: Buffer.from('\x89PNG\r\n\x1a\n garbage') },
      { type: 'text/csv', payload: 'name\n\u0000\n' },
      { type: 'text/csv', payload: `id,name\n${'"'.repeat(3)}\n,,,,,,\n=cmd|'/c calc'!A1,x\n` },
      { type: 'text/csv', payload: Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc0, 0xaf]) },
      { type: 'text/csv', payload: `name,sku\n${Array.from({ length: 3000 }, (_, i) => `P${i},S${i}`).join('\n')}` },
      { type: 'image/jpeg', payload: Buffer.alloc(0) },
    ),
    fc.jsonValue({ maxDepth: 3 }).map((v) => json(JSON.stringify(v) ?? 'null')),
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({
      type: types ? types[0]! : 'application/json',
      payload: Buffer.from(bytes),
    })),
  );
  return raws.map((raw) => ({
    kind: 'body' as const,
    edit: (c: FuzzCase) => ({ ...c, raw, what: `${c.what}; body ${raw.type} ${show(String(raw.payload))}` }),
  }));
}

function headerEdits(sides: FuzzSides): fc.Arbitrary<{ kind: FuzzCase['kind']; edit: Edit }> {
  const storeValues = [
    undefined,
    '',
    'not-a-store',
    sides.foreign.store,
    sides.foreign.business,
    sides.ids.product,
    sides.storeId.toUpperCase(),
    ` ${sides.storeId} `,
    `${sides.storeId},${sides.storeId}`,
    '00000000-0000-0000-0000-000000000000',
  ];
  const keyValues = [undefined, '', ' ', 'k'.repeat(300), 'k'.repeat(10_000), 'ключ', 'reused-key'];
  const other: [string, string | undefined][] = [
    ['accept', 'application/xml'],
    ['accept-language', 'xx-YY;q=2, *;q=-1'],
    ['content-length', '1'],
    ['authorization', 'Bearer not.a.token'],
    ['authorization', 'Basic Zm9vOmJhcg=='],
    ['x-forwarded-for', 'not an ip'],
    ['if-none-match', '"x"'],
    ['range', 'bytes=5-1'],
  ];
  return fc
    .oneof(
      fc.constantFrom(...storeValues).map((v) => [STORE_HEADER, v] as const),
      fc.constantFrom(...keyValues).map((v) => [IDEMPOTENCY_HEADER, v] as const),
      fc.constantFrom(...other),
    )
    .map(([name, value]) => ({
      kind: 'headers' as const,
      edit: (c: FuzzCase) => ({
        ...c,
        headers: { ...c.headers, [name]: value },
        what: `${c.what}; ${name}: ${show(value)}`,
      }),
    }));
}

/** The generated cases of one operation: a list of edits applied to the valid request. */
export function caseArbitrary(op: Operation, sides: FuzzSides, base: FuzzCase): fc.Arbitrary<FuzzCase> {
  const fieldEdits = slotEdits(op, sides);
  const one = fc.oneof(...fieldEdits, ...fieldEdits, bodyEdits(op), headerEdits(sides));
  return fc.array(one, { minLength: 1, maxLength: 3 }).map((edits) => {
    let c: FuzzCase = { ...base, headers: { ...base.headers } };
    for (const { edit } of edits) c = edit(c);
    const kinds = [...new Set(edits.map((e) => e.kind))];
    return { ...c, kind: kinds.length === 1 ? kinds[0]! : 'break' };
  });
}

// ---------------------------------------------------------------- running

const show = (v: unknown): string => {
  const text = v instanceof RawJson ? v.text : typeof v === 'string' ? JSON.stringify(v) : toJson(v);
  return text === undefined ? String(v) : text.length > 80 ? `${text.slice(0, 77)}…(${text.length})` : text;
};

/** JSON with RawJson numbers written as they are. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]!);
}

/** A path with each parameter percent-encoded; a lone surrogate goes as bytes that are not UTF-8. */
function pathOf(op: Operation, params: Record<string, unknown>): string {
  return op.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    const text = value === undefined ? '' : typeof value === 'string' ? value : toJson(value);
    try {
      return encodeURIComponent(text);
    } catch {
      return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
    }
  });
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const enc = (s: string) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80';
    }
  };
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      const text = typeof item === 'string' ? item : item instanceof RawJson ? item.text : toJson(item);
      parts.push(`${enc(k)}=${enc(text)}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The request a case describes, ready for `inject`. */
export function requestOf(op: Operation, c: FuzzCase, token: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  for (const [name, value] of Object.entries(c.headers)) if (value !== undefined) headers[name] = value;
  for (const [name, value] of Object.entries(c.headers)) if (value === undefined) delete headers[name];
  let payload: string | Buffer | undefined;
  if (c.raw) {
    payload = c.raw.payload;
    headers['content-type'] = c.raw.type;
  } else if (c.body !== undefined) {
    payload = toJson(c.body);
    headers['content-type'] = 'application/json';
  }
  return {
    method: op.method,
    url: pathOf(op, c.params) + queryString(c.query),
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

/** Where an answer came from: access refused, the request refused by its contract, or the handler. */
export function stageOf(status: number, body: string): 'access' | 'validation' | 'handler' | 'server' {
  if (status >= 500) return 'server';
  if (status === 413 || status === 415) return 'validation';
  let code: string | undefined;
  try {
    code = (JSON.parse(body) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  // A 401 of the handler's own (a wrong current password or PIN) is the handler's answer.
  if (status === 401 && code !== 'UNAUTHENTICATED') return 'handler';
  if (status === 401 || status === 403 || code === 'STORE_REQUIRED') return 'access';
  if (status === 404 && /The store was not found/.test(body)) return 'access';
  if (code === 'VALIDATION_FAILED' || code === 'MALFORMED_JSON' || code === 'IDEMPOTENCY_KEY_REQUIRED')
    return 'validation';
  return 'handler';
}

/** A CSV file an import takes: its required columns and one row. */
const sampleCsv = (path: string) =>
  path.startsWith('/api/v1/contacts/')
    ? 'kind,name\ncustomer,Fuzz customer\n'
    : 'sku,name,selling_price\nFUZZ-1,Fuzz product,100\n';

/** New passwords the password rule takes (the sampled text has no digit). */
function withStrongPasswords(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of ['password', 'newPassword']) if (typeof out[key] === 'string') out[key] = 'FuzzShop#2026';
  return out;
}

/** The valid request an operation's cases start from (the security matrices' builder). */
export async function baseCase(op: Operation, sides: FuzzSides): Promise<FuzzCase> {
  const own = (kind: RecordKind) => sides.ids[kind];
  const params = buildRequest(op, own, { idOf: own }).params;
  const version = await sides.versionOf(op, params);
  let request: BuiltRequest;
  try {
    request = buildValidRequest(op, own, { idOf: own, version });
  } catch {
    request = buildRequest(op, own, { idOf: own, version });
  }
  const rawTypes = op.endpoint.rawBody?.contentTypes;
  const raw = rawTypes
    ? rawTypes.includes('image/png')
      ? { type: 'image/png', payload: TINY_PNG }
      : { type: rawTypes[0]!, payload: sampleCsv(op.path) }
    : undefined;
  const isAdmin = op.path.startsWith('/api/v1/admin/') || ['signedIn', 'public'].includes(op.endpoint.access);
  return {
    kind: 'valid',
    what: 'the valid request',
    params: request.params,
    query: request.query,
    ...(request.body === undefined ? {} : { body: withStrongPasswords(request.body) }),
    ...(raw ? { raw } : {}),
    headers: {
      [IDEMPOTENCY_HEADER]: 'fresh',
      ...(isAdmin ? {} : { [STORE_HEADER]: sides.storeId }),
      // Public routes are rate-limited per address: each case comes from its own.
      'x-forwarded-for': `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`,
    },
  };
}

/** A 32-bit seed for one operation, from the run's seed and the operation's name. */
export const seedOf = (runSeed: number, op: Operation) =>
  createHash('sha256')
    .update(`${runSeed} ${describeOperation(op)}`)
    .digest()
    .readInt32LE(0);

export interface FuzzResult {
  operation: string;
  statuses: Record<number, number>;
  stages: Record<string, number>;
  failures: string[];
  ms: number;
}

/** Sends `runs` cases of one operation (the valid request first) and counts the answers. */
export async function fuzzOperation(
  server: TestServer,
  op: Operation,
  sides: FuzzSides,
  runs: number,
  runSeed: number,
): Promise<FuzzResult> {
  const started = Date.now();
  const base = await baseCase(op, sides);
  const cases = [base, ...fc.sample(caseArbitrary(op, sides, base), { seed: seedOf(runSeed, op), numRuns: runs - 1 })];
  const result: FuzzResult = { operation: describeOperation(op), statuses: {}, stages: {}, failures: [], ms: 0 };
  let lastKey = 'fuzz-first';
  for (const [index, c] of cases.entries()) {
    const token = await sides.token();
    const key = c.headers[IDEMPOTENCY_HEADER];
    const fresh = `fuzz-${randomUUID()}`;
    const headers = {
      ...c.headers,
      [IDEMPOTENCY_HEADER]: key === 'fresh' ? fresh : key === 'reused-key' ? lastKey : key,
    };
    if (key === 'fresh') lastKey = fresh;
    const request = requestOf(op, { ...c, headers }, token);
    let res: LightMyRequestResponse;
    try {
      res = await server.app.inject(request);
    } catch (error) {
      // A request no HTTP client could send (a header with characters headers cannot carry).
      if (/Invalid character|header content/i.test(String(error))) {
        result.statuses[0] = (result.statuses[0] ?? 0) + 1;
        continue;
      }
      throw error;
    }
    result.statuses[res.statusCode] = (result.statuses[res.statusCode] ?? 0) + 1;
    const stage = stageOf(res.statusCode, res.body);
    result.stages[stage] = (result.stages[stage] ?? 0) + 1;
    if (index === 0 && res.statusCode >= 300 && process.env.FUZZ_VERBOSE)
      process.stderr.write(
        `${result.operation}: the valid request answered ${res.statusCode} ${res.body.slice(0, 300)}\n`,
      );
    if (res.statusCode >= 500)
      result.failures.push(
        `${result.operation} case ${index} (${c.kind}: ${c.what}) → ${res.statusCode} ${res.body.slice(0, 300)}\n` +
          `  request: ${request.method} ${request.url.slice(0, 300)} ${String(request.payload ?? '').slice(0, 1500)}`,
      );
  }
  result.ms = Date.now() - started;
  if (process.env.FUZZ_VERBOSE) for (const f of result.failures) process.stderr.write(`${f}\n`);
  return result;
}

/**
 * The order operations run in: ones that end a record (delete, void, archive, deactivate…) after the
 * rest, then the signed-in account's own settings, and signing out everywhere last of all (it ends the
 * session every later request uses).
 */
export function fuzzOrder(op: Operation): number {
  if (op.path === '/api/v1/me/sign-out-everywhere') return 3;
  if (op.path.startsWith('/api/v1/me')) return 2;
  if (
    op.method === 'DELETE' ||
    /\/(archive|void|cancel|close|deactivate|withdraw|reject|decline|post|refunds|returns)$/.test(op.path)
  )
    return 1;
  return 0;
}

/** "status: count" over every operation, and per operation. */
export function fuzzReport(results: FuzzResult[], seed: number, runs: number): string {
  const total: Record<string, number> = {};
  const stages: Record<string, number> = {};
  for (const r of results) {
    for (const [s, n] of Object.entries(r.statuses)) total[s] = (total[s] ?? 0) + n;
    for (const [s, n] of Object.entries(r.stages)) stages[s] = (stages[s] ?? 0) + n;
  }
  const fmt = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([s, n]) => `${s === '0' ? 'unsendable' : s}×${n}`)
      .join(' ');
  const requests = Object.values(total).reduce((a, b) => a + b, 0);
  const lines = [
    `fuzz: seed ${seed}, ${runs} cases × ${results.length} operations = ${requests} requests`,
    `  statuses: ${fmt(total)}`,
    `  answered by: ${fmt(stages)}`,
    ...results.map(
      (r) =>
        `  ${r.operation.padEnd(58)} ${fmt(r.statuses).padEnd(40)} handler ${r.stages.handler ?? 0}/${Object.values(
          r.statuses,
        ).reduce((a, b) => a + b, 0)} ${r.ms} ms`,
    ),
  ];
  return lines.join('\n');
}
