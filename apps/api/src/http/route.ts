import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ownerPermissions,
  STORE_HEADER,
  UNSAFE_TEXT_MESSAGE,
  unsafeTextPaths,
  type Endpoint,
  type Permission,
} from '@ipos/contracts';
import { AppError, invalidFields } from './app-error.js';
import { refuseOversizedBody, refuseUnacceptedBodyType } from './edge.js';
import { recordAudit } from '../audit/audit.js';
import type { Actor, AppDeps } from './context.js';
import { idempotencyKeyOf, idempotentRequestOf, PreparedResponse, type IdempotentRequest } from './idempotency.js';
import { findAccountWithStoreAccess, findStoreAccess, type StoreAccess } from '../auth/access.js';
import {
  findAccountByEmail,
  findAccountByIdentity,
  findDeactivatedMembership,
  markFirstSignIn,
  linkIdentity,
  listOwnedBusinesses,
  type AccountRow,
} from '../tenancy/accounts.js';

type Infer<T> = [NonNullable<T>] extends [z.ZodType] ? z.infer<NonNullable<T>> : undefined;

export interface RouteContext<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  /** The signed-in account; present on every endpoint but the public ones. */
  account: AccountRow;
  /** The active store and the role there; present on store-permission endpoints. */
  store: StoreAccess;
  /** The business named in the path on owner (admin-mode) endpoints. */
  businessId: string;
  actor: Actor;
  /** The Idempotency-Key and request hash; present on endpoints whose contract says `idempotent`. */
  idempotency: IdempotentRequest;
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<E extends Endpoint> = (
  ctx: RouteContext<E>,
) => Promise<z.input<E['response']> | PreparedResponse | null | undefined>;

interface RequestAuth {
  account?: AccountRow;
  store?: StoreAccess;
  businessId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
  interface FastifyContextConfig {
    /** The access an endpoint's contract declares. */
    access?: string;
    /** The file types and size a raw-body endpoint takes (for its 413 and 415 messages). */
    rawBody?: { contentTypes: readonly string[]; maxBytes: number };
  }
  interface FastifyInstance {
    /** Every endpoint registered, with its declared access; the permission test reads this. */
    endpoints: Endpoint[];
    routeTable: { method: string; url: string; access: string | undefined }[];
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function actorOf(request: FastifyRequest): Actor {
  const account = request.auth?.account;
  return {
    accountId: account?.id ?? null,
    ...(account ? { name: account.name } : {}),
    requestId: request.id,
    ip: request.ip,
  };
}

/**
 * Whether a token was issued before `revokedAt`. `iat` is in whole seconds, so a token of the very
 * second of the revocation is refused too: an old token never passes, and signing in again a moment
 * later works. (`auth_time` is not used: an external issuer's single sign-on keeps it across new
 * sign-ins, which would lock the person out until they signed out there.)
 */
function issuedBefore(claims: { iat?: number }, revokedAt: Date): boolean {
  if (typeof claims.iat !== 'number') return true;
  return claims.iat <= Math.floor(revokedAt.getTime() / 1000);
}

/** The account, and, for a store endpoint, its access to the store the request names (read with it). */
interface Authenticated {
  account: AccountRow;
  /** Absent when not read with the account (no store endpoint, no valid store header, a linked identity). */
  store?: { access: StoreAccess | undefined };
}

async function authenticate(
  deps: AppDeps,
  request: FastifyRequest,
  access: Endpoint['access'],
): Promise<Authenticated> {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i);
  if (!match)
    throw new AppError('UNAUTHENTICATED', 'Send a bearer access token', { headers: { 'www-authenticate': 'Bearer' } });
  const { issuer, subject, claims } = await deps.tokens.verify(match[1]!);
  const db = deps.database.db;
  // A store endpoint reads the account and its access to the named store in one round trip.
  const storeId = isStorePermission(access) ? storeIdOf(request) : undefined;
  let store: Authenticated['store'];
  let account: AccountRow | undefined;
  if (storeId && UUID.test(storeId)) {
    const found = await findAccountWithStoreAccess(db, { issuer, subject }, storeId);
    account = found?.account;
    if (found) store = { access: found.store };
  } else account = await findAccountByIdentity(db, issuer, subject);
  if (!account && typeof claims.email === 'string' && claims.email_verified === true) {
    // An external issuer's first visit: link it to the account with the same verified email.
    const byEmail = await findAccountByEmail(db, claims.email);
    if (byEmail) {
      await db.transaction(async (tx) => {
        await linkIdentity(tx, issuer, subject, byEmail.id);
        await recordAudit(
          tx,
          { accountId: byEmail.id, requestId: request.id, ip: request.ip },
          {
            businessId: null,
            action: 'account.identity_linked',
            entity: 'account',
            entityId: byEmail.id,
            after: { issuer, subject },
          },
        );
      });
      account = byEmail;
    }
  }
  if (!account || account.isDisabled) throw new AppError('UNAUTHENTICATED', 'This account cannot sign in');
  // "Sign out of every device" (decision 0016): like a deactivation, read with the account on every
  // request, so a token issued before it stops working at once rather than when it expires.
  if (account.sessionsRevokedAt && issuedBefore(claims, account.sessionsRevokedAt))
    throw new AppError('UNAUTHENTICATED', 'This session was signed out on every device; sign in again');
  // From now on no business may set or re-send a default password for the account (decision 0022).
  if (!account.firstSignedInAt) await markFirstSignIn(db, account.id, deps.now());
  return { account, ...(store ? { store } : {}) };
}

const isStorePermission = (access: Endpoint['access']): access is Permission =>
  access !== 'public' && access !== 'signedIn' && !(ownerPermissions as readonly string[]).includes(access);

function storeIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers[STORE_HEADER];
  return typeof header === 'string' ? header.trim().toLowerCase() : undefined;
}

async function authorize(
  deps: AppDeps,
  request: FastifyRequest,
  { account, store: preloaded }: Authenticated,
  permission: Permission,
) {
  const db = deps.database.db;
  // A default password someone else chose opens only the account's own endpoints until it is replaced.
  if (account.mustChangePassword) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', 'Replace the password you were given before you continue');
  }
  if ((ownerPermissions as readonly string[]).includes(permission)) {
    const businessId = (request.params as { businessId?: string }).businessId?.toLowerCase();
    const owned = await listOwnedBusinesses(db, account.id);
    if (businessId === undefined) {
      if (owned.length === 0) throw new AppError('FORBIDDEN', 'Only a business owner may do this');
      return {};
    }
    // Another owner's business answers exactly like one that does not exist.
    if (!UUID.test(businessId) || !owned.some((b) => b.id === businessId))
      throw new AppError('NOT_FOUND', 'The business was not found');
    return { businessId };
  }
  const storeId = storeIdOf(request);
  if (!storeId) throw new AppError('STORE_REQUIRED', `Name the store in the ${STORE_HEADER} header`);
  if (!UUID.test(storeId))
    throw new AppError('VALIDATION_FAILED', `${STORE_HEADER} must be a store id`, {
      errors: [{ field: `headers.${STORE_HEADER}`, message: 'Not a store id' }],
    });
  const store = preloaded ? preloaded.access : await findStoreAccess(db, account.id, storeId);
  if (!store) {
    // Someone deactivated in the business learns why, rather than that the store is gone.
    const deactivated = await findDeactivatedMembership(db, account.id, storeId);
    if (deactivated)
      throw new AppError(
        'STAFF_DEACTIVATED',
        `Your access to ${deactivated.businessName} was deactivated; ask its administrator`,
      );
    throw new AppError('NOT_FOUND', 'The store was not found');
  }
  if (!store.permissions.includes(permission))
    throw new AppError('FORBIDDEN', `Your role (${store.roleName}) does not allow ${permission}`);
  return { store, businessId: store.businessId };
}

/**
 * The one text rule (contracts' `unsafeTextPaths`), on every path, query and JSON body before its
 * contract: a NUL or a broken character is a 400 naming each such field (the database would answer
 * 500). Fields are named as schema validation names them: body fields bare, others after their part.
 * The contract's own complaints about other fields come once the text is mended.
 */
function refuseUnsafeText(request: FastifyRequest, rawBody: boolean) {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
  ];
  if (!rawBody) parts.push(['body', request.body]);
  for (const [part, value] of parts) {
    const paths = unsafeTextPaths(value);
    if (paths.length === 0) continue;
    const fieldOf = (path: string) => (part === 'body' ? path || 'body' : path ? `${part}.${path}` : part);
    throw invalidFields(paths.map((path) => ({ field: fieldOf(path), message: UNSAFE_TEXT_MESSAGE })));
  }
}

/**
 * Registers one contract as a route: the contract's schemas validate the request and the response,
 * and its declared access is enforced before validation (so a stranger learns nothing from a 400).
 */
export function route<E extends Endpoint>(app: FastifyInstance, deps: AppDeps, endpoint: E, handler: Handler<E>) {
  if (!endpoint.access) throw new Error(`${endpoint.method} ${endpoint.path} declares no access`);
  app.endpoints.push(endpoint);
  const url = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, ':$1');
  const rawBody = endpoint.rawBody;
  const register = (scope: FastifyInstance) =>
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: endpoint.method,
      url,
      ...(rawBody ? { bodyLimit: rawBody.maxBytes } : {}),
      schema: {
        summary: endpoint.summary,
        tags: endpoint.tags,
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(rawBody
          ? {
              consumes: [...rawBody.contentTypes],
            }
          : {}),
        ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
        ...(endpoint.produces
          ? { produces: [endpoint.produces] }
          : { response: endpoint.status === 204 ? {} : { [endpoint.status]: endpoint.response } }),
      },
      config: { access: endpoint.access, ...(rawBody ? { rawBody } : {}) },
      onRequest: async (request) => {
        request.auth = {};
        if (endpoint.access !== 'public') {
          const authenticated = await authenticate(deps, request, endpoint.access);
          request.auth.account = authenticated.account;
          if (endpoint.access !== 'signedIn') {
            Object.assign(request.auth, await authorize(deps, request, authenticated, endpoint.access));
            // After access (a stranger learns nothing), before validation: no key, no effect.
            if (endpoint.idempotent) idempotencyKeyOf(request);
          }
        }
        // On the head, before the body is read: a refusal here closes the connection (http/edge.ts).
        refuseOversizedBody(request);
        refuseUnacceptedBodyType(request);
      },
      preValidation: async (request: FastifyRequest) => {
        if (rawBody) {
          // A raw endpoint takes only its own types: JSON (or no body) is refused like any other type.
          if (!Buffer.isBuffer(request.body))
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the body as ${rawBody.contentTypes.join(' or ')}`);
          if (request.body.length === 0)
            throw new AppError('VALIDATION_FAILED', 'The body is empty', {
              errors: [{ field: 'body', message: 'Send a file' }],
            });
        }
        refuseUnsafeText(request, Boolean(rawBody));
      },
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          account: request.auth.account!,
          store: request.auth.store!,
          businessId: request.auth.businessId!,
          actor: actorOf(request),
          idempotency: (endpoint.idempotent ? idempotentRequestOf(request) : undefined)!,
          deps,
          request,
          reply,
        });
        // Serialized once (an idempotent answer, first time or replayed): sent byte for byte.
        if (result instanceof PreparedResponse)
          return reply.code(result.statusCode).type('application/json; charset=utf-8').send(result.body);
        reply.code(endpoint.status);
        if (endpoint.status === 204) return reply.send();
        // A non-JSON answer (stream, PDF, image): the handler set its headers; send it as it is.
        return reply.send(result);
      },
    });
  if (!rawBody) return register(app);
  // Raw bodies need their own parsers, which only a child scope can hold without changing JSON routes.
  void app.register(async (scope) => {
    scope.addContentTypeParser([...rawBody.contentTypes], { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    register(scope);
  });
}
