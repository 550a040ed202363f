import { randomBytes } from 'node:crypto';
import type { Endpoint, HttpMethod } from '@ipos/contracts';
import { newId } from '../../src/lib/ids.js';
import type { TestServer } from './server.js';

/**
 * Requests built from the served OpenAPI document, for the generated security matrices: every operation
 * joined with its contract (for the declared access and raw bodies), and request values generated from
 * its JSON schemas, with every reference to a record (a field named *Id / *Ids, a barcode) filled by a
 * caller-given id of the right kind. Nothing here is kept by hand per route, so a new route or field is
 * covered (or, for a reference of a kind nobody named yet, fails loudly) the day it is added.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

/** The kinds of record a request can name; each tenant fixture has one id (or code) of each. */
export const recordKinds = [
  'business',
  'store',
  'otherStore',
  'product',
  'variant',
  'barcode',
  'category',
  'customer',
  'vendor',
  'invoice',
  'purchaseOrder',
  'waste',
  'role',
  'taxRate',
  'registerSession',
  'sale',
  'heldSale',
  'staff',
  'invitation',
  'adjustment',
  'stockCount',
  'transfer',
  'saleException',
] as const;
export type RecordKind = (typeof recordKinds)[number];

/**
 * What each reference names, by field (path parameter, query parameter or body property). A field
 * of uuids named *Id or *Ids missing here stops the matrix with its name, so it is added here, once.
 */
const kindOfField: Record<string, RecordKind> = {
  businessId: 'business',
  storeId: 'store',
  storeIds: 'store',
  toStoreId: 'otherStore',
  productId: 'product',
  productIds: 'product',
  variantId: 'variant',
  variantIds: 'variant',
  code: 'barcode',
  barcode: 'barcode',
  categoryId: 'category',
  categoryIds: 'category',
  parentId: 'category',
  orderedIds: 'category',
  contactId: 'customer',
  customerId: 'customer',
  vendorId: 'vendor',
  vendorIds: 'vendor',
  preferredVendorId: 'vendor',
  invoiceId: 'invoice',
  orderId: 'purchaseOrder',
  purchaseOrderId: 'purchaseOrder',
  wasteId: 'waste',
  roleId: 'role',
  taxRateId: 'taxRate',
  sessionId: 'registerSession',
  registerSessionId: 'registerSession',
  saleId: 'sale',
  heldSaleId: 'heldSale',
  accountId: 'staff',
  actorId: 'staff',
  cashierId: 'staff',
  recordId: 'product',
  invitationId: 'invitation',
  adjustmentId: 'adjustment',
  countId: 'stockCount',
  transferId: 'transfer',
  exceptionId: 'saleException',
};

/** An `id` inside an edited document's list names an existing record of this kind (a product's variants). */
const kindOfNestedId: Record<string, RecordKind> = { variants: 'variant' };

export interface Operation {
  method: HttpMethod;
  /** The contract's path, with `:param` placeholders. */
  path: string;
  endpoint: Endpoint;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  /** The JSON body's schema; raw-body endpoints (files) have none here. */
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every /api/v1 operation of the served OpenAPI document, with its contract. */
export async function loadOperations(server: TestServer): Promise<Operation[]> {
  const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`The OpenAPI document answered ${res.statusCode}`);
  const doc = res.json() as OpenApiDocument;
  return server.app.endpoints.map((endpoint) => {
    const openApiPath = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const op = doc.paths[openApiPath]?.[endpoint.method.toLowerCase()];
    if (!op) throw new Error(`${endpoint.method} ${endpoint.path} is missing from the OpenAPI document`);
    const parameters = op.parameters ?? [];
    return {
      method: endpoint.method,
      path: endpoint.path,
      endpoint,
      pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
      queryParams: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
      body: op.requestBody?.content['application/json']?.schema,
    };
  });
}

export const describeOperation = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

// ---------------------------------------------------------------- references

/** The kind a field names, or undefined for a field that names no record. */
export function referenceKind(name: string, schema: JsonSchema, nestedUnder?: string): RecordKind | undefined {
  if (name === 'id') return nestedUnder ? kindOfNestedId[nestedUnder] : undefined;
  const kind = kindOfField[name];
  if (kind) return kind;
  if (/[a-z]Ids?$/.test(name) && namesUuid(schema))
    throw new Error(`The field ${name} names a record of a kind the matrix does not know: add it to kindOfField`);
  return undefined;
}

function schemaAllows(schema: JsonSchema, type: string): boolean {
  const own = Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
  if (own) return true;
  if (schema.items && schema.type === 'array') return schemaAllows(schema.items, type);
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some((s) => schemaAllows(s, type));
}

function namesUuid(schema: JsonSchema): boolean {
  if (schema.format === 'uuid') return true;
  if (schema.items) return namesUuid(schema.items);
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(namesUuid);
}

const allowsNull = (schema: JsonSchema) =>
  schemaAllows(schema, 'null') || [...(schema.anyOf ?? [])].some((s) => s.type === 'null');

/** A field of a request: `path.saleId`, `query.customerId`, `body.lines[].variantId`. */
export interface Reference {
  field: string;
  /** The property's own name, which a problem answer names ("variantId"). */
  name: string;
  kind: RecordKind;
}

/** Every reference an operation's query and body can carry (path parameters apart). */
export function bodyAndQueryReferences(op: Operation): Reference[] {
  const found: Reference[] = [];
  for (const p of op.queryParams) {
    const kind = referenceKind(p.name, p.schema);
    if (kind) found.push({ field: `query.${p.name}`, name: p.name, kind });
  }
  if (op.body) collectReferences(op.body, 'body', undefined, op.method, found);
  return found;
}

function collectReferences(
  schema: JsonSchema,
  path: string,
  parent: string | undefined,
  method: HttpMethod,
  found: Reference[],
) {
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    collectReferences(branch, path, parent, method, found);
  if (schema.type === 'array' && schema.items) collectReferences(schema.items, `${path}[]`, parent, method, found);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const childPath = `${path}.${name}`;
    const editsExisting = method === 'PUT' || method === 'PATCH';
    const kind = referenceKind(name, child, editsExisting ? parent : undefined);
    if (kind) {
      if (!found.some((r) => r.field === childPath)) found.push({ field: childPath, name, kind });
    } else collectReferences(child, childPath, name, method, found);
  }
}

// ---------------------------------------------------------------- values

const OMIT = Symbol('omit');

export interface Fill {
  /** The field under test (`body.lines[].variantId`); it and the subtree holding it are always sent. */
  target?: string;
  /** The id (or barcode) of a kind: the one under test, or the caller's own for any other field. */
  idOf(kind: RecordKind, isTarget: boolean): string;
  /** The `version` an edit sends (the edited record's own). */
  version?: number;
  /** Optional fields (by path) to send, or to leave out, so that the contract's refinements pass. */
  include?: Set<string>;
  omit?: Set<string>;
}

const today = () => new Date().toISOString().slice(0, 10);
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');
const dateFields = new Set(['from', 'to', 'issueDate', 'dueDate', 'expectedOn', 'paidOn']);

function sampleString(name: string, schema: JsonSchema): string {
  if (schema.enum) return String(schema.enum[0]);
  if (schema.format === 'email') return `probe-${randomBytes(4).toString('hex')}@attacker.ipos.test`;
  if (dateFields.has(name)) return today();
  if (schema.format === 'date-time') return new Date().toISOString();
  const known: Record<string, () => string> = {
    alias: () => letters(3),
    timeZone: () => 'Africa/Nairobi',
    country: () => 'KE',
    phone: () => '+254 700 000 001',
    sku: () => `PRB-${letters(6)}`,
    message: () => 'A probe message from another business',
    subject: () => 'Probe subject',
    deviceId: () => `probe-device-${letters(6)}`,
    // A kept backup's name (the only strings the backup downloads take).
    file: () => 'ipos-backup-20261127T030000Z.tar.gz',
  };
  const value = known[name]?.() ?? `Probe ${name}`;
  const min = schema.minLength ?? 0;
  const padded = value.length < min ? value.padEnd(min, 'x') : value;
  return schema.maxLength ? padded.slice(0, schema.maxLength) : padded;
}

const integerByName: Record<string, number> = {
  page: 1,
  pageSize: 10,
  limit: 10,
  lineNo: 1,
  quantity: 1,
  rateBasisPoints: 500,
  // The fixture product sells at 80 000 with no tax: a one-unit cart totals this.
  expectedTotalMinor: 80_000,
  amountMinor: 80_000,
  unitPriceMinor: 80_000,
  sellingPriceMinor: 80_000,
};

function sampleNumber(name: string, schema: JsonSchema): number {
  if (schema.enum) return Number(schema.enum[0]);
  const preferred = integerByName[name] ?? 1;
  const min = schema.minimum ?? Number.NEGATIVE_INFINITY;
  const max = schema.maximum ?? Number.POSITIVE_INFINITY;
  return Math.min(max, Math.max(min, preferred));
}

/** The branch of an anyOf/oneOf to generate: a record id where one is wanted, else the first real value. */
function chooseBranch(branches: JsonSchema[], wantsId: boolean): JsonSchema {
  const real = branches.filter((b) => b.type !== 'null' && !(b.enum?.length === 1 && b.enum[0] === ''));
  if (wantsId) return real.find((b) => b.format === 'uuid' || b.type === 'array') ?? real[0] ?? branches[0]!;
  return real[0] ?? branches[0]!;
}

/**
 * A value for a schema: required properties and references always, other optional ones only on the
 * way to the target. A reference gets the id of its kind: the target's, or else the caller's own
 * (a required nullable one not under test is sent as null: a root category's parent).
 */
function sampleValue(
  schema: JsonSchema,
  name: string,
  path: string,
  fill: Fill,
  parent?: string,
  editsExisting = false,
): unknown {
  const kind = referenceKind(name, schema, editsExisting ? parent : undefined);
  if (kind) {
    const isTarget = fill.target === path;
    if (!isTarget && allowsNull(schema)) return null;
    const id = fill.idOf(kind, isTarget);
    return schema.type === 'array' ? [id] : id;
  }
  if (name === 'id') return newId();
  if (name === 'version' && fill.version !== undefined) return fill.version;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sampleValue(chooseBranch(branches, false), name, path, fill, parent, editsExisting);
  if (schema.allOf)
    return sampleValue(Object.assign({}, schema, ...schema.allOf, { allOf: undefined }), name, path, fill);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return sampleObject(schema, path, fill, name, editsExisting);
    case 'array': {
      const item = sampleValue(schema.items ?? {}, name, `${path}[]`, fill, parent, editsExisting);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'string':
      return sampleString(name, schema);
    case 'integer':
    case 'number':
      return sampleNumber(name, schema);
    case 'boolean':
      return schema.enum ? schema.enum[0] : false;
    default:
      return OMIT;
  }
}

function sampleObject(schema: JsonSchema, path: string, fill: Fill, name: string, editsExisting: boolean) {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [prop, child] of Object.entries(schema.properties ?? {})) {
    const childPath = `${path}.${prop}`;
    const onTheWay =
      fill.target !== undefined &&
      (fill.target === childPath ||
        fill.target.startsWith(`${childPath}.`) ||
        fill.target.startsWith(`${childPath}[]`));
    const isReference = referenceKind(prop, child, editsExisting ? name : undefined) !== undefined;
    const optional = !required.has(prop) && !onTheWay;
    if (optional && (fill.omit?.has(childPath) || (!isReference && !fill.include?.has(childPath)))) continue;
    if (optional && isReference) {
      out[prop] = sampleValue(stripNull(child), prop, childPath, fill, name, editsExisting);
      continue;
    }
    const value = sampleValue(child, prop, childPath, fill, name, editsExisting);
    if (value !== OMIT) out[prop] = value;
  }
  return out;
}

/** The schema without its null branch: an optional reference is sent with a real id, not null. */
function stripNull(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf?.filter((b) => b.type !== 'null');
  if (branches?.length === 1) return branches[0]!;
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.filter((t) => t !== 'null') };
  return schema;
}

/** A reference in an anyOf (a report's `storeId`: "all" or a store id) takes the id branch. */
function sampleReference(schema: JsonSchema, name: string, path: string, fill: Fill): unknown {
  const branches = schema.anyOf ?? schema.oneOf;
  return sampleValue(branches ? chooseBranch(branches, true) : schema, name, path, fill);
}

export interface BuiltRequest {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: unknown;
}

/** Path, query and body for an operation: path parameters by `pathIdOf`, the rest by `fill`. */
export function buildRequest(op: Operation, pathIdOf: (kind: RecordKind) => string, fill: Fill): BuiltRequest {
  const params: Record<string, string> = {};
  for (const p of op.pathParams) {
    const kind = referenceKind(p.name, p.schema);
    if (!kind) throw new Error(`${describeOperation(op)}: the path parameter ${p.name} names no known kind`);
    params[p.name] = pathIdOf(kind);
  }
  const query: Record<string, string | string[]> = {};
  for (const p of op.queryParams) {
    const field = `query.${p.name}`;
    if (!p.required && fill.target !== field) continue;
    const value = sampleReference(p.schema, p.name, field, fill);
    if (value === OMIT || value === null) continue;
    query[p.name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  const editsExisting = op.method === 'PUT' || op.method === 'PATCH';
  const body = op.body ? sampleValue(op.body, 'body', 'body', fill, undefined, editsExisting) : undefined;
  return { params, query, ...(body === undefined || body === OMIT ? {} : { body }) };
}

/** `lines.0.taxRateId` of a zod issue in the body → `body.lines[].taxRateId`. */
function schemaPath(where: 'body' | 'query', path: PropertyKey[]): string {
  return [where, ...path.map((p) => (typeof p === 'number' ? '[]' : String(p)))].join('.').replace(/\.\[\]/g, '[]');
}

/**
 * {@link buildRequest}, checked against the contract's own zod schemas (their refinements are not in
 * the OpenAPI document) and reshaped until they pass: an optional field a refinement refuses is left
 * out, one it asks for is sent, and a refusal of the target itself leaves out its optional sibling
 * references (an invoice line names a product or a tax rate, not both). Nothing is sent to find out.
 */
export function buildValidRequest(op: Operation, pathIdOf: (kind: RecordKind) => string, fill: Fill): BuiltRequest {
  const include = new Set(fill.include);
  const omit = new Set(fill.omit);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const request = buildRequest(op, pathIdOf, { ...fill, include, omit });
    const issues = [
      ...issuesOf(op.endpoint.query, request.query, 'query'),
      ...(op.body ? issuesOf(op.endpoint.body, request.body, 'body') : []),
    ];
    if (issues.length === 0) return request;
    const before = include.size + omit.size;
    for (const path of issues) reshape(path, fill.target, include, omit, request);
    if (include.size + omit.size === before)
      throw new Error(
        `${describeOperation(op)}: no valid request for ${fill.target ?? 'the path'}: ${issues.join(', ')}`,
      );
  }
  throw new Error(`${describeOperation(op)}: no valid request for ${fill.target ?? 'the path'}`);
}

function issuesOf(schema: Endpoint['body'], value: unknown, where: 'body' | 'query'): string[] {
  if (!schema) return [];
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => schemaPath(where, i.path));
}

function reshape(
  path: string,
  target: string | undefined,
  include: Set<string>,
  omit: Set<string>,
  request: BuiltRequest,
) {
  if (path === target) {
    const parent = path.slice(0, path.lastIndexOf('.'));
    for (const sibling of siblingReferences(request, parent)) if (sibling !== target) omit.add(sibling);
    return;
  }
  if (include.has(path) || omit.has(path)) return;
  if (isSent(request, path)) omit.add(path);
  else include.add(path);
}

/** The reference fields sent under `parent` (`body.lines[]`), by path. */
function siblingReferences(request: BuiltRequest, parent: string): string[] {
  const holder = valueAt(request, parent);
  if (!holder || typeof holder !== 'object') return [];
  return Object.entries(holder as Record<string, unknown>)
    .filter(([name]) => name === 'id' || name in kindOfField)
    .map(([name]) => `${parent}.${name}`);
}

function isSent(request: BuiltRequest, path: string): boolean {
  return valueAt(request, path) !== undefined;
}

function valueAt(request: BuiltRequest, path: string): unknown {
  const [where, ...rest] = path.split('.');
  let value: unknown = where === 'query' ? request.query : request.body;
  for (const segment of rest.join('.').replace(/\[\]/g, '.0').split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
