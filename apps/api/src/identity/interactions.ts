import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import type { FastifyBaseLogger } from 'fastify';
import type { InteractionResults, Provider } from 'oidc-provider';
import type { Executor } from '../db/client.js';
import { findAccountByEmail, findAccountByIdentity, linkIdentity } from '../tenancy/accounts.js';
import {
  GOOGLE_ENDPOINTS,
  GoogleSignInError,
  googleAuthorizationUrl,
  redeemGoogleCode,
  type GoogleClient,
} from './google.js';
import { deviceCookies } from './device-cookie.js';
import { renderLoginPage, LOGIN_MESSAGES, tooManyAttemptsMessage } from './login-page.js';
import { renderErrorPage } from './pages.js';
import { signInWithPassword } from './sign-in.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface InteractionDeps {
  provider: Provider;
  db: Executor;
  now: () => Date;
  clientId: string;
  /** Where the provider is mounted on the public URL, e.g. "/oidc". */
  mountPath: string;
  publicUrl: string;
  google: GoogleClient | undefined;
  onSignIn: (accountId: string) => Promise<void>;
  log: () => FastifyBaseLogger;
  /** The client address as the HTTP app resolved it (it knows which proxies to trust). */
  clientIp: (req: IncomingMessage) => string;
  /** The HMAC keys of the device cookie (device-cookie.ts). */
  deviceKeys: Buffer[];
}

/** The path of Google's redirect back to us, relative to the mount path. Register it at Google. */
export const GOOGLE_CALLBACK_PATH = '/interaction/callback/google';
const GOOGLE_COOKIE = 'ipos_google';
const GOOGLE_COOKIE_MAX_AGE_MS = 10 * 60 * 1000;
export const FORM_LIMIT_BYTES = 16 * 1024;
const UID = /^[A-Za-z0-9_-]{1,64}$/;

/** Who Google says someone is, in account_identities. */
const GOOGLE_ISSUER = GOOGLE_ENDPOINTS.issuers[0]!;

const googleMessages: Record<string, string> = {
  unknown: LOGIN_MESSAGES.googleUnknown,
  unverified: LOGIN_MESSAGES.googleUnverified,
  failed: LOGIN_MESSAGES.googleFailed,
};

class FormError extends Error {}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new FormError('not a form post');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new FormError('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The nonce sent to Google, derived from the secret half of the state so nothing else is stored. */
function googleNonce(secret: string): string {
  return createHash('sha256').update(`nonce:${secret}`).digest('base64url');
}

/**
 * The interaction routes (login form, automatic consent, Google sign-in) as Koa middleware in front
 * of oidc-provider, so they share its cookies and its raw request handling.
 */
export function interactionRoutes(deps: InteractionDeps): Koa.Middleware {
  const { provider, mountPath, publicUrl } = deps;
  const publicOrigin = new URL(publicUrl).origin;
  const appUrl = `${publicUrl}/`;
  const interactionUrl = (uid: string) => `${mountPath}/interaction/${uid}`;
  const devices = deviceCookies({ publicUrl, keys: deps.deviceKeys, now: deps.now });

  const html = (ctx: Koa.Context, status: number, body: string) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = body;
  };
  const fail = (ctx: Koa.Context, status: number, code: string, reason: string) => {
    deps.log().info({ path: ctx.path, reason }, 'sign-in interaction refused');
    html(ctx, status, renderErrorPage({ appUrl, code }));
  };
  const redirect = (ctx: Koa.Context, location: string) => {
    ctx.status = 303;
    ctx.redirect(location);
  };

  /** The interaction bound to this browser by oidc-provider's cookie, and named by the URL. */
  async function boundInteraction(ctx: Koa.Context, uid: string): Promise<Interaction | undefined> {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(ctx.req, ctx.res);
    } catch (error) {
      // oidc-provider's SessionNotFound: no interaction cookie, or its interaction is gone.
      if (error instanceof Error && error.name === 'SessionNotFound') {
        fail(
          ctx,
          400,
          'interaction_not_found',
          (error as Error & { error_description?: string }).error_description ?? 'no interaction',
        );
        return undefined;
      }
      throw error;
    }
    if (interaction.uid !== uid) {
      fail(ctx, 400, 'interaction_mismatch', 'the URL names another interaction than the cookie');
      return undefined;
    }
    if (interaction.params.client_id !== deps.clientId) {
      fail(ctx, 400, 'unauthorized_client', 'interaction for an unknown client');
      return undefined;
    }
    return interaction;
  }

  function showLogin(
    ctx: Koa.Context,
    uid: string,
    options: { status?: number; email?: string; message?: string } = {},
  ) {
    html(
      ctx,
      options.status ?? 200,
      renderLoginPage({
        action: interactionUrl(uid),
        uid,
        email: options.email,
        message: options.message,
        googleUrl: deps.google ? `${interactionUrl(uid)}/google` : undefined,
        forgotPasswordUrl: `${publicUrl}/onboarding/forgot-password`,
        signUpUrl: `${publicUrl}/onboarding/sign-up`,
      }),
    );
  }

  async function finish(ctx: Koa.Context, result: InteractionResults, merge: boolean) {
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: merge });
    redirect(ctx, returnTo);
  }

  async function signedIn(accountId: string) {
    try {
      await deps.onSignIn(accountId);
    } catch (error) {
      // Clearing a PIN lock must not stand in the way of a correct sign-in.
      deps.log().error({ err: error }, 'after-sign-in step failed');
    }
  }

  /** iPos is the only (first-party) client: what it asks for is granted without a consent page. */
  async function grantConsent(ctx: Koa.Context, interaction: Interaction) {
    const accountId = interaction.session?.accountId;
    if (!accountId) return fail(ctx, 400, 'login_required', 'consent without a signed-in account');
    const { details } = interaction.prompt;
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId: deps.clientId });
    const missingScope = details.missingOIDCScope as string[] | undefined;
    const missingClaims = details.missingOIDCClaims as string[] | undefined;
    const missingResources = details.missingResourceScopes as Record<string, string[]> | undefined;
    if (missingScope) grant.addOIDCScope(missingScope.join(' '));
    if (missingClaims) grant.addOIDCClaims(missingClaims);
    for (const [indicator, scopes] of Object.entries(missingResources ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await finish(ctx, { consent: { grantId } }, true);
  }

  function startGoogle(ctx: Koa.Context, uid: string, google: GoogleClient) {
    const secret = randomBytes(32).toString('base64url');
    const state = `${uid}.${secret}`;
    // The signed cookie ties Google's answer to this browser; SameSite=Lax lets it ride Google's redirect.
    ctx.cookies.set(GOOGLE_COOKIE, state, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      path: `${mountPath}${GOOGLE_CALLBACK_PATH}`,
      maxAge: GOOGLE_COOKIE_MAX_AGE_MS,
      overwrite: true,
    });
    redirect(ctx, googleAuthorizationUrl(google, { state, nonce: googleNonce(secret) }));
  }

  async function googleCallback(ctx: Koa.Context, google: GoogleClient) {
    const expected = ctx.cookies.get(GOOGLE_COOKIE, { signed: true });
    ctx.cookies.set(GOOGLE_COOKIE, null, { path: `${mountPath}${GOOGLE_CALLBACK_PATH}`, overwrite: true });
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : '';
    if (!expected || !state || !sameText(expected, state)) {
      return fail(ctx, 400, 'invalid_state', 'Google callback without the state this browser was given');
    }
    const dot = state.indexOf('.');
    const uid = state.slice(0, dot);
    const secret = state.slice(dot + 1);
    const interaction = await provider.Interaction.find(uid);
    if (!interaction || interaction.prompt.name !== 'login' || interaction.params.client_id !== deps.clientId) {
      return fail(ctx, 400, 'interaction_not_found', 'Google callback for an interaction that is gone');
    }
    const back = (reason: keyof typeof googleMessages) => redirect(ctx, `${interactionUrl(uid)}?google=${reason}`);
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
    if (!code) {
      deps.log().info({ error: String(ctx.query.error ?? 'no code') }, 'Google sign-in did not complete');
      return back('failed');
    }
    let identity;
    try {
      identity = await redeemGoogleCode(google, code, googleNonce(secret));
    } catch (error) {
      if (!(error instanceof GoogleSignInError)) throw error;
      deps.log().warn({ reason: error.message }, 'Google sign-in refused');
      return back(error.reason);
    }
    const db = deps.db;
    const linked = await findAccountByIdentity(db, GOOGLE_ISSUER, identity.subject);
    const account = linked ?? (await findAccountByEmail(db, identity.email));
    if (!account || account.isDisabled) return back('unknown');
    if (!linked) await linkIdentity(db, GOOGLE_ISSUER, identity.subject, account.id);
    await signedIn(account.id);
    devices.remember(ctx, account.id);
    // What provider.interactionResult does, for a request that cannot carry the interaction cookie
    // (its path is the interaction URL, not this fixed callback).
    interaction.result = { ...interaction.lastSubmission, login: { accountId: account.id, amr: ['google'] } };
    await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    redirect(ctx, interaction.returnTo);
  }

  async function showInteraction(ctx: Koa.Context, uid: string) {
    const interaction = await boundInteraction(ctx, uid);
    if (!interaction) return;
    switch (interaction.prompt.name) {
      case 'consent':
        return grantConsent(ctx, interaction);
      case 'login': {
        const outcome = ctx.query.google;
        const googleOutcome =
          typeof outcome === 'string' && Object.hasOwn(googleMessages, outcome) ? outcome : undefined;
        const wantsGoogle = String(interaction.params.provider ?? '').toLowerCase() === 'google';
        // Without Google configured, provider=Google is ignored and the form shows.
        if (deps.google && wantsGoogle && !googleOutcome) return startGoogle(ctx, uid, deps.google);
        return showLogin(ctx, uid, { message: googleOutcome ? googleMessages[googleOutcome] : undefined });
      }
      default:
        return fail(ctx, 400, 'unsupported_prompt', `no page for prompt ${interaction.prompt.name}`);
    }
  }

  async function submitLogin(ctx: Koa.Context, uid: string) {
    // The SameSite=Lax interaction cookie is what keeps other sites' forms out. A named foreign
    // Origin is refused as well; "null" is what browsers send under Referrer-Policy: no-referrer.
    const origin = ctx.get('origin');
    if (origin && origin !== 'null' && origin !== publicOrigin)
      return fail(ctx, 403, 'invalid_origin', 'sign-in form posted from another origin');
    const interaction = await boundInteraction(ctx, uid);
    if (!interaction) return;
    if (interaction.prompt.name !== 'login') return fail(ctx, 400, 'invalid_request', 'no sign-in pending');
    let form: URLSearchParams;
    try {
      form = await readForm(ctx.req);
    } catch (error) {
      if (!(error instanceof FormError)) throw error;
      return fail(ctx, 400, 'invalid_request', error.message);
    }
    if (form.get('uid') !== uid) return fail(ctx, 400, 'interaction_mismatch', 'the form names another interaction');
    const email = (form.get('email') ?? '').slice(0, 320);
    const password = (form.get('password') ?? '').slice(0, 1024);
    const device = devices.read(ctx);
    const outcome = await signInWithPassword(
      { db: deps.db, now: deps.now },
      {
        email,
        password,
        ip: deps.clientIp(ctx.req),
        knownDevice: device && { deviceId: device.deviceId, accountIds: device.accounts.map((a) => a.accountId) },
      },
    );
    if (outcome.status === 'throttled')
      return showLogin(ctx, uid, { email, message: tooManyAttemptsMessage(outcome.retryAfterSeconds) });
    if (outcome.status === 'invalid') return showLogin(ctx, uid, { email, message: LOGIN_MESSAGES.invalid });
    await signedIn(outcome.accountId);
    devices.remember(ctx, outcome.accountId);
    await finish(ctx, { login: { accountId: outcome.accountId, amr: ['pwd'] } }, false);
  }

  return async function interactions(ctx, next) {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const method = ctx.method;
    if (ctx.path === GOOGLE_CALLBACK_PATH) {
      if (method !== 'GET' || !deps.google) return fail(ctx, 404, 'not_found', 'Google is not configured');
      return googleCallback(ctx, deps.google);
    }
    const [uid, action, ...rest] = ctx.path.split('/').slice(2);
    if (!uid || !UID.test(uid) || rest.length > 0) return fail(ctx, 404, 'not_found', 'no such interaction route');
    if (action === undefined && method === 'GET') return showInteraction(ctx, uid);
    if (action === undefined && method === 'POST') return submitLogin(ctx, uid);
    if (action === 'google' && method === 'GET' && deps.google) {
      const interaction = await boundInteraction(ctx, uid);
      if (!interaction) return;
      if (interaction.prompt.name !== 'login') return fail(ctx, 400, 'invalid_request', 'no sign-in pending');
      return startGoogle(ctx, uid, deps.google);
    }
    return fail(ctx, 404, 'not_found', 'no such interaction route');
  };
}
