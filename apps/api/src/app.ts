import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './http/context.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, sendProblem } from './http/problem.js';
import { guardEdge } from './http/edge.js';
import { newId } from './lib/ids.js';
import { systemRoutes } from './features/system/system.routes.js';
import { backupsRoutes } from './features/system/backups.routes.js';
import { accountsRoutes } from './features/accounts/accounts.routes.js';
import { profileRoutes } from './features/accounts/profile.routes.js';
import { supportRoutes } from './features/support/support.routes.js';
import { onboardingRoutes } from './features/onboarding/onboarding.routes.js';
import { staffRoutes } from './features/staff/staff.routes.js';
import { businessesRoutes } from './features/businesses/businesses.routes.js';
import { categoriesRoutes } from './features/catalog/categories.routes.js';
import { productsRoutes } from './features/catalog/products.routes.js';
import { productFilesRoutes } from './features/catalog/product-files.routes.js';
import { registersRoutes } from './features/checkout/registers.routes.js';
import { heldSalesRoutes } from './features/checkout/held-sales.routes.js';
import { salesRoutes } from './features/checkout/sales.routes.js';
import { sellablesRoutes } from './features/checkout/sellables.routes.js';
import { registerFavouritesRoutes } from './features/checkout/register-favourites.routes.js';
import { stockRoutes } from './features/inventory/stock.routes.js';
import { taxesRoutes } from './features/taxes/taxes.routes.js';
import { transactionsRoutes } from './features/transactions/transactions.routes.js';
import { contactsRoutes } from './features/contacts/contacts.routes.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { receiptsRoutes } from './features/checkout/receipts.routes.js';
import { saleExceptionsRoutes } from './features/checkout/sale-exceptions.routes.js';
import { purchaseOrdersRoutes } from './features/purchase-orders/purchase-orders.routes.js';
import { wasteRoutes } from './features/waste/waste.routes.js';
import { invoicesRoutes } from './features/invoices/invoices.routes.js';
import { reportsRoutes } from './features/reports/reports.routes.js';
import { storesRoutes } from './features/stores/stores.routes.js';
import { auditTrailRoutes } from './features/audit/audit-trail.routes.js';
import { rolesRoutes } from './features/staff/roles.routes.js';
import { businessProfileRoutes } from './features/businesses/business-profile.routes.js';
import { planRoutes } from './features/plans/plans.routes.js';
import { publicConfig } from './config/public-config.js';
import { APP_VERSION } from './config/app-version.js';

/**
 * Headers a hashed file under /assets does without: Helmet's that only a document (or a worker script,
 * which is not under /assets) acts on, and those for revalidation. Assets keep nosniff,
 * Cross-Origin-Resource-Policy, HSTS and their cache headers; the request id is for API answers.
 */
const HASHED_FILE_SPARE_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  // A hashed file never changes and is cached for a year: nothing revalidates it, so its validators and
  // range support are bytes for nothing, on each of the fifty-odd files a screen loads.
  'etag',
  'last-modified',
  'accept-ranges',
];

export const API_PREFIX = '/api/v1';
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * API answers are compressed when the client takes it and they are worth it: a report or a catalogue page
 * is mostly repeated keys, a tenth of its size in brotli, and tills and owners' phones are often on mobile
 * data. Brotli at quality 4 costs about what gzip does and compresses JSON better; answers under 1 kB (most
 * writes, every refusal) go as they are. Big answers are compressed on the thread pool, not the event loop.
 * Files (PDFs, images, backups) are already compact and their types are left alone.
 */
const apiCompression = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  // JSON and text (CSV exports); never a file that is compressed already or an event stream.
  customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)/u,
  // Clients send their bodies as they are: nothing compressed is accepted (no inflating past the body limit).
  globalDecompression: false,
};

export interface BuildOptions {
  /** Mounts the embedded identity provider at /oidc (absent when OIDC_ISSUER names an external one). */
  identity?: (app: FastifyInstance) => Promise<void>;
  log: FastifyBaseLogger;
}

function contentSecurityPolicy(deps: AppDeps) {
  const { config } = deps;
  const issuerOrigin = config.oidc.externalIssuer ? new URL(config.oidc.externalIssuer).origin : undefined;
  // Without ANALYTICS_API_HOST, mixpanel-browser sends to its own default host.
  const analyticsOrigin = config.analytics
    ? new URL(config.analytics.apiHost ?? 'https://api-js.mixpanel.com').origin
    : undefined;
  const extra = (...values: (string | undefined)[]) => values.filter((v): v is string => Boolean(v));
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes CSS variables into a <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...extra(issuerOrigin, analyticsOrigin)],
      // Silent renew runs the issuer's authorize endpoint in a hidden frame of our own callback page.
      frameSrc: ["'self'", ...extra(issuerOrigin)],
      frameAncestors: ["'self'"],
      // The installable app: its service worker (/sw.js, which imports its Workbox runtime) and manifest.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      formAction: ["'self'", ...extra(issuerOrigin)],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
  };
}

export async function buildApp(deps: AppDeps, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.log,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,100}$/.test(given) ? given : newId();
    },
    requestIdHeader: false,
    // Only behind a proxy we run: otherwise a client could pick its own IP for rate limits and audit.
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Refusals made before a route runs answer in problem+json too (http/problem.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  // First of all hooks: refusals on the request's head, and no reading a body already refused.
  app.addHook('onRequest', guardEdge);
  app.decorate('endpoints', []);
  // Every route the app serves, with the access its contract declared (the access test reads this).
  app.decorate('routeTable', []);
  app.addHook('onRoute', (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    const access = (routeOptions.config as { access?: string } | undefined)?.access;
    for (const method of methods) app.routeTable.push({ method, url: routeOptions.url, access });
  });
  app.decorateRequest('auth', null as never);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The API speaks JSON only: a text/plain body is a 415, not a confusing validation error.
  app.removeContentTypeParser('text/plain');

  // During shutdown, answers to in-flight requests close their connection, so a client's idle
  // keep-alive socket cannot hold the process open past the shutdown deadline.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    // A hashed script or stylesheet is no document: the page's policies (CSP, framing, opener) do
    // nothing on it, and over HTTP/1.1 they cost about 1 kB per file, a quarter of a screen's bytes.
    if (request.url.startsWith('/assets/') && reply.statusCode === 200)
      for (const name of HASHED_FILE_SPARE_HEADERS) reply.removeHeader(name);
    else reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    // API answers are private and fresh unless a handler chose otherwise (product images are cacheable).
    if ((request.url.startsWith(API_PREFIX) || request.url === '/config.json') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(deps),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.config.publicUrl.startsWith('https://'),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'iPos API', version: APP_VERSION, description: 'Generated from packages/contracts.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/config.json', { schema: { hide: true } }, async () => publicConfig(deps.config));

  await app.register(async (api) => {
    await api.register(compress, apiCompression);
    // Routes carry full paths from their contracts; this scope only groups them.
    systemRoutes(api, deps);
    backupsRoutes(api, deps);
    accountsRoutes(api, deps);
    profileRoutes(api, deps);
    supportRoutes(api, deps);
    onboardingRoutes(api, deps);
    staffRoutes(api, deps);
    businessesRoutes(api, deps);
    storesRoutes(api, deps);
    auditTrailRoutes(api, deps);
    rolesRoutes(api, deps);
    businessProfileRoutes(api, deps);
    planRoutes(api, deps);
    categoriesRoutes(api, deps);
    taxesRoutes(api, deps);
    productsRoutes(api, deps);
    productFilesRoutes(api, deps);
    stockRoutes(api, deps);
    registersRoutes(api, deps);
    salesRoutes(api, deps);
    heldSalesRoutes(api, deps);
    sellablesRoutes(api, deps);
    registerFavouritesRoutes(api, deps);
    receiptsRoutes(api, deps);
    saleExceptionsRoutes(api, deps);
    purchaseOrdersRoutes(api, deps);
    wasteRoutes(api, deps);
    invoicesRoutes(api, deps);
    reportsRoutes(api, deps);
    transactionsRoutes(api, deps);
    contactsRoutes(api, deps);
    dashboardRoutes(api, deps);
  });

  if (options.identity) await options.identity(app);

  const webDist = deps.config.webDistDir;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = Boolean(indexHtml && fs.existsSync(indexHtml));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist!,
      // Looks files up per request, so a rebuilt SPA is served without a restart.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text file: the one the browser accepts is sent, with
      // Content-Encoding and Vary (a phone on mobile data gets a fraction of the bytes).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/oidc');
    // A missing asset is a 404, not the SPA's HTML (which the browser would refuse as a script).
    const isAsset = url.startsWith('/assets/');
    if (!isApi && !isAsset && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA decides what the path is, and shows its own NotFound.
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return sendProblem(request, reply, 'NOT_FOUND', `No route ${request.method} ${url}`);
  });

  return app;
}
