import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type Koa from 'koa';
import type { Configuration, errors, KoaContextWithOIDC } from 'oidc-provider';
import { ACCESS_TOKEN_TTL_SECONDS, OIDC_CALLBACK_PATHS, OIDC_SCOPES } from '@ipos/contracts';
import type { AppDeps } from '../http/context.js';
import { refuseOversizedBody } from '../http/edge.js';
import { findAccountById } from '../tenancy/accounts.js';
import { dummySecretHash } from '../lib/secrets.js';
import { loadOrCreateProviderSecrets } from './keys.js';
import { deviceCookieKeys } from './device-cookie.js';
import { DatabaseAdapter } from './adapter.js';
import { createFindAccount, rolesOf } from './account.js';
import { GOOGLE_ENDPOINTS, type GoogleClient, type GoogleEndpoints } from './google.js';
import { contentSecurityPolicy, newNonce } from './html.js';
import { FORM_LIMIT_BYTES, GOOGLE_CALLBACK_PATH, interactionRoutes } from './interactions.js';
import { renderErrorPage, renderLogoutPage, renderSignedOutPage, renderUnavailablePage } from './pages.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js';

export interface EmbeddedProviderDeps extends Omit<AppDeps, 'tokens'> {
  /** Called after a successful password sign-in (clears a PIN lock). */
  onSignIn: (accountId: string) => Promise<void>;
  /** Where Google's endpoints are; tests point them at a local fake. Defaults to Google's own. */
  googleEndpoints?: GoogleEndpoints;
}

/** The path the Fastify app routes to the provider; the issuer's path says the same to browsers. */
const ROUTE_PREFIX = '/oidc';
/** oidc-provider's own cap on the bodies it reads (its token, revocation and sign-out forms). */
const PROVIDER_BODY_LIMIT_BYTES = 56 * 1024;

const DAY = 24 * 60 * 60;
const TTL = {
  AccessToken: ACCESS_TOKEN_TTL_SECONDS,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * DAY,
  Session: 14 * DAY,
  Interaction: 60 * 60,
  Grant: 14 * DAY,
};

/**
 * The provider's cookie names. Over https they carry a prefix the browser enforces, so that neither a
 * plain-http page nor another host of the domain can set or replace them: the session's is `__Host-`
 * (Secure, Path=/, no Domain; oidc-provider sets it at Path=/). The two interaction cookies are
 * `__Secure-` (Secure, no Domain): oidc-provider gives each the path of its own sign-in
 * (`/oidc/interaction/<uid>`, `/oidc/auth/<uid>`; the second's path it always sets itself), so two
 * sign-ins in two tabs keep one each, and `__Host-` would need Path=/.
 */
function cookieNames(secure: boolean) {
  if (!secure) return { session: '_session', interaction: '_interaction', resume: '_interaction_resume' };
  return { session: '__Host-session', interaction: '__Secure-interaction', resume: '__Secure-interaction_resume' };
}

/** What the mount hands to oidc-provider: the raw request, its URL relative to the mount path. */
type MountedRequest = IncomingMessage & { originalUrl?: string };

const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} } as unknown as FastifyBaseLogger;

/**
 * The embedded OpenID Provider (oidc-provider) at `${publicUrl}/oidc`. Its state lives in the
 * database (adapter.ts) and its keys in `oidc_secrets` (keys.ts), so replicas and restarts agree.
 * One first-party public client, iPos itself, signs in with code + PKCE and gets JWT access tokens
 * for the API.
 */
export async function createEmbeddedProvider(
  deps: EmbeddedProviderDeps,
): Promise<{ jwks: JSONWebKeySet; mount: (app: FastifyInstance) => Promise<void> }> {
  // Imported here rather than at the top: on Node 20 importing oidc-provider prints a runtime notice,
  // which must not come before configuration errors nor appear when an external issuer is used.
  const { Provider, errors } = await import('oidc-provider');
  const { config } = deps;
  const db = deps.database.db;
  const secrets = await loadOrCreateProviderSecrets(db);
  // The first unknown-email sign-in would otherwise pay for creating the dummy hash, and be told apart.
  void dummySecretHash();
  const { issuer, clientId, audience } = config.oidc;
  const publicUrl = config.publicUrl;
  const publicBase = new URL(publicUrl);
  const secure = publicBase.protocol === 'https:';
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, '');
  const appUrl = `${publicUrl}/`;
  const postLogoutUrl = new URL(config.postLogoutUrl, appUrl).href;
  const formTargets = [...new Set([publicBase.origin, new URL(postLogoutUrl).origin])];
  const scope = OIDC_SCOPES.join(' ');

  let log = silent;
  const logger = () => log;
  const clientIps = new WeakMap<IncomingMessage, string>();

  const google: GoogleClient | undefined = config.oidc.google && {
    clientId: config.oidc.google.clientId,
    clientSecret: config.oidc.google.clientSecret,
    redirectUri: `${issuer}${GOOGLE_CALLBACK_PATH}`,
    endpoints: deps.googleEndpoints ?? GOOGLE_ENDPOINTS,
  };

  const configuration: Configuration = {
    adapter: (model: string) => new DatabaseAdapter(model, db),
    jwks: { keys: secrets.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      names: cookieNames(secure),
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', secure },
      short: { httpOnly: true, sameSite: 'lax', secure },
    },
    clients: [
      {
        client_id: clientId,
        client_name: 'iPos',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: Object.values(OIDC_CALLBACK_PATHS).map((path) => `${publicUrl}${path}`),
        post_logout_redirect_uris: [
          ...new Set([postLogoutUrl, appUrl, `${publicUrl}${OIDC_CALLBACK_PATHS.signOutPopup}`]),
        ],
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: [...OIDC_SCOPES],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      roles: ['roles'],
    },
    extraParams: ['provider'],
    findAccount: createFindAccount(db),
    clientBasedCORS: (_ctx, origin, client) => client.clientId === clientId && origin === publicBase.origin,
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage({
            form,
            appUrl,
            autoSubmit: isOwnSignOut(ctx) ? { nonce: ctx.state.cspNonce } : undefined,
          });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = renderSignedOutPage({ appUrl });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return {
            scope,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await findAccountById(db, token.accountId);
      if (!account) return undefined;
      return { email: account.email, roles: await rolesOf(db, account.id) };
    },
    // Public clients cannot keep a refresh token secret: every use replaces it, and oidc-provider
    // revokes the whole grant when a replaced one comes back.
    rotateRefreshToken: true,
    ttl: {
      AccessToken: TTL.AccessToken,
      AuthorizationCode: TTL.AuthorizationCode,
      IdToken: TTL.IdToken,
      // A rotated token keeps its predecessor's end: 14 days after sign-in, not after the last use.
      RefreshToken: (ctx, token) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated && !token.isSenderConstrained() ? Math.max(1, rotated.remainingTTL) : TTL.RefreshToken;
      },
      Session: TTL.Session,
      Interaction: TTL.Interaction,
      Grant: TTL.Grant,
    },
    renderError: async (ctx, out, error) => {
      if (isDatabaseUnavailable(error)) {
        answerUnavailable(ctx, appUrl);
        return;
      }
      // server_error is logged (with its stack) by the listener below; this is the user-facing part.
      if (out.error !== 'server_error') {
        logger().info(
          { status: ctx.status, error: out.error, description: out.error_description, route: ctx.oidc?.route },
          'identity error page',
        );
      }
      ctx.type = 'html';
      ctx.body = renderErrorPage({ appUrl, code: out.error });
    },
  };

  /** Auto-confirm only a sign-out the app asked for with the ID token of the signed-in person. */
  function isOwnSignOut(ctx: KoaContextWithOIDC): boolean {
    const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string } } | undefined;
    return (
      ctx.oidc.client?.clientId === clientId && !!hint?.payload?.sub && hint.payload.sub === ctx.oidc.session?.accountId
    );
  }

  const provider = new Provider(issuer, configuration);
  provider.proxy = true;

  provider.on('server_error', (ctx: KoaContextWithOIDC, err: Error) => {
    if (isDatabaseUnavailable(err)) {
      // Not a defect: securityHeaders turns the provider's JSON 500 (token, userinfo…) into a 503.
      ctx.state.databaseUnavailable = true;
      logger().warn({ err, route: ctx.oidc?.route }, 'identity provider: database unavailable');
      return;
    }
    logger().error({ err, route: ctx.oidc?.route }, 'identity provider error');
  });
  // Refusals that answer the client (JSON, or a redirect back to the app) rather than an error page.
  provider.on('grant.error', (_ctx: KoaContextWithOIDC, err: errors.OIDCProviderError) => {
    logger().info({ error: err.error, description: err.error_description }, 'token request refused');
  });
  provider.on('authorization.error', (_ctx: KoaContextWithOIDC, err: errors.OIDCProviderError) => {
    logger().info({ error: err.error, description: err.error_description }, 'authorization request refused');
  });
  // Koa would print escaped errors to stderr; the app's logger takes them instead.
  (provider as unknown as Koa).on('error', (err: Error) => logger().error({ err }, 'identity provider request failed'));

  provider.use(securityHeaders({ formTargets, appUrl, logger }));
  provider.use(offlineAccessForFirstParty(clientId, mountPath));
  provider.use(
    interactionRoutes({
      provider,
      db,
      now: deps.now,
      clientId,
      mountPath,
      publicUrl,
      google,
      onSignIn: deps.onSignIn,
      log: logger,
      clientIp: (req) => clientIps.get(req) ?? req.socket.remoteAddress ?? 'unknown',
      deviceKeys: deviceCookieKeys(secrets.cookieKeys),
    }),
  );

  const callback = provider.callback();

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    const req = request.raw as MountedRequest;
    const rest = (req.url ?? ROUTE_PREFIX).slice(ROUTE_PREFIX.length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    // oidc-provider builds its URLs from the mount path it finds in originalUrl and from the host and
    // protocol of the request; the configured public URL is the authority for both.
    req.originalUrl = `${mountPath}${req.url}`;
    req.headers['x-forwarded-host'] = publicBase.host;
    req.headers['x-forwarded-proto'] = publicBase.protocol.slice(0, -1);
    clientIps.set(req, request.ip);
    reply.raw.setHeader('x-request-id', request.id);
    try {
      await callback(req, reply.raw);
    } catch (err) {
      logger().error({ err }, 'identity provider request failed');
      if (!reply.raw.headersSent) reply.raw.statusCode = 500;
      reply.raw.end();
    }
    logger().info(
      {
        reqId: request.id,
        method: req.method,
        path: `${mountPath}${req.url.split('?')[0]}`,
        statusCode: reply.raw.statusCode,
      },
      'identity request',
    );
  }

  return {
    jwks: secrets.jwks,
    mount: async (app) => {
      log = app.log.child({ component: 'oidc' });
      await app.register(
        async (scope) => {
          // oidc-provider reads request bodies itself; nothing here may consume the stream.
          scope.removeAllContentTypeParsers();
          scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
          // So a body above what the provider (or the sign-in form) reads is a 413 on its
          // Content-Length, before the provider gets the request.
          scope.addHook('onRequest', async (request) => refuseOversizedBody(request));
          // Fastify's own request log prints the URL, and these URLs carry id_token_hint or Google's
          // code: handle() logs the path alone instead.
          const routeOptions = { logLevel: 'warn', bodyLimit: PROVIDER_BODY_LIMIT_BYTES } as const;
          scope.all('/', routeOptions, handle);
          scope.all('/*', routeOptions, handle);
          scope.all('/interaction/*', { ...routeOptions, bodyLimit: FORM_LIMIT_BYTES }, handle);
        },
        { prefix: ROUTE_PREFIX },
      );
    },
  };
}

/** A sign-in page's answer while the database cannot be reached: 503, Retry-After and a page saying so. */
function answerUnavailable(ctx: Koa.Context, appUrl: string) {
  ctx.status = 503;
  ctx.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  ctx.type = 'html';
  ctx.body = renderUnavailablePage({ appUrl });
}

/**
 * Headers of every /oidc response. Replies to the provider bypass Fastify's hooks, so they are set
 * here on the raw response. Each response gets a fresh script nonce (only the sign-out page uses it).
 * Errors escaping the interaction routes, and unknown paths, get the branded page instead of Koa's text.
 */
function securityHeaders(options: {
  formTargets: string[];
  appUrl: string;
  logger: () => FastifyBaseLogger;
}): Koa.Middleware {
  return async (ctx, next) => {
    const nonce = newNonce();
    ctx.state.cspNonce = nonce;
    ctx.set('content-security-policy', contentSecurityPolicy({ nonce, formTargets: options.formTargets }));
    ctx.set('x-content-type-options', 'nosniff');
    ctx.set('referrer-policy', 'no-referrer');
    try {
      await next();
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        options.logger().warn({ err, path: ctx.path }, 'sign-in step: database unavailable');
        answerUnavailable(ctx, options.appUrl);
      } else {
        options.logger().error({ err, path: ctx.path }, 'sign-in step failed');
        ctx.status = 500;
        ctx.type = 'html';
        ctx.body = renderErrorPage({ appUrl: options.appUrl, code: 'server_error' });
      }
    }
    // The provider's own JSON answer to a database outage keeps its body; its status says "try again".
    if (ctx.state.databaseUnavailable && ctx.status === 500) {
      ctx.status = 503;
      ctx.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    // A path the provider does not know: Koa would answer with plain "Not Found".
    if (ctx.status === 404 && ctx.body == null) {
      ctx.status = 404;
      if (ctx.accepts('json', 'html') === 'html') {
        ctx.type = 'html';
        ctx.body = renderErrorPage({ appUrl: options.appUrl, code: 'not_found' });
      } else {
        ctx.body = { error: 'invalid_request', error_description: 'unrecognized route or not allowed method' };
      }
    }
    if (ctx.response.is('html')) ctx.set('cache-control', 'no-store');
  };
}

/**
 * OpenID Connect drops offline_access unless prompt includes consent, "unless other conditions
 * permitting offline access are in place". iPos is a first-party client whose consent is implied, so
 * its authorization requests are treated as asking for consent (granted automatically, no page):
 * its refresh tokens then carry offline_access. prompt=none (silent renew) is left alone.
 */
function offlineAccessForFirstParty(clientId: string, mountPath: string): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/auth') {
      const { client_id: client, scope, prompt } = ctx.query;
      const prompts = new Set(typeof prompt === 'string' ? prompt.split(' ').filter(Boolean) : []);
      if (
        client === clientId &&
        typeof scope === 'string' &&
        scope.split(' ').includes('offline_access') &&
        (prompt === undefined || typeof prompt === 'string') &&
        !prompts.has('none') &&
        !prompts.has('consent')
      ) {
        ctx.query = { ...ctx.query, prompt: [...prompts, 'consent'].join(' ') };
        (ctx.req as MountedRequest).originalUrl = `${mountPath}${ctx.url}`;
      }
    }
    await next();
  };
}
