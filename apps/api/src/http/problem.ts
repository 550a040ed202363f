import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes, type ErrorCode, type FieldError, type Problem } from '@ipos/contracts';
import { newId } from '../lib/ids.js';
import { AppError } from './app-error.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js';
import { acceptedBodyTypes, MAX_URL_BYTES, payloadTooLarge, unsupportedMediaType } from './edge.js';

const titles: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'Some fields are not valid',
  MALFORMED_JSON: 'The request body is not valid JSON',
  MALFORMED_REQUEST: 'The request could not be read',
  UNAUTHENTICATED: 'Sign in to continue',
  FORBIDDEN: 'Your role does not allow this',
  NOT_FOUND: 'Not found',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  URI_TOO_LONG: 'The URL is too long',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  INTERNAL: 'Something went wrong on our side',
};

function problemBody(
  code: ErrorCode,
  detail: string,
  where: { instance?: string; requestId: string },
  extra: Record<string, unknown> = {},
): Problem & Record<string, unknown> {
  // A problem's own members come last: an error's extra fields add to them, never replace them (an
  // extra `status` once became the HTTP status).
  return {
    ...extra,
    type: `https://ipos.app/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: titles[code] ?? detail,
    status: errorCodes[code],
    code,
    detail,
    ...where,
  };
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extra: Record<string, unknown> = {},
) {
  const body = problemBody(code, detail, { instance: request.url.split('?')[0], requestId: request.id }, extra);
  return reply.code(body.status).type('application/problem+json').send(body);
}

function fieldPath(instancePath: string | undefined, context: string | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (context && context !== 'body') return path ? `${context}.${path}` : context;
  return path || 'body';
}

/** One error handler: every failure leaves as problem+json with a stable code. A 5xx never leaks internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { headers, ...extra } = error.extra;
      if (headers) reply.headers(headers);
      return sendProblem(request, reply, error.code, error.message, extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const errors: FieldError[] = error.validation.map((v) => {
        const issue =
          v.keyword === 'unrecognized_keys'
            ? { code: v.keyword, keys: (v.params as { keys?: string[] }).keys }
            : undefined;
        let field = fieldPath(v.instancePath, context);
        if (issue?.code === 'unrecognized_keys' && issue.keys?.length) {
          field = [field === 'body' ? '' : field, issue.keys[0]].filter(Boolean).join('.');
          return { field, message: `Unknown field: ${issue.keys.join(', ')}` };
        }
        return { field, message: v.message ?? 'Invalid value' };
      });
      return sendProblem(
        request,
        reply,
        'VALIDATION_FAILED',
        errors.map((e) => `${e.field}: ${e.message}`).join('; '),
        {
          errors,
        },
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return sendProblem(request, reply, 'INTERNAL', 'Something went wrong on our side');
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendProblem(request, reply, 'MALFORMED_JSON', 'The request body is not valid JSON', {
          errors: [{ field: 'body', message: 'Not valid JSON' }],
        });
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        // A chunked body, which declares no length, is refused here once it passes the limit.
        const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
        return sendProblem(request, reply, 'PAYLOAD_TOO_LARGE', payloadTooLarge(limit).message);
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        // File endpoints (images, CSV) say which types they take; every other endpoint takes JSON.
        return sendProblem(
          request,
          reply,
          'UNSUPPORTED_MEDIA_TYPE',
          unsupportedMediaType(acceptedBodyTypes(request)).message,
        );
    }
    // secure-json-parse rejects __proto__ and constructor.prototype keys with a SyntaxError.
    if (error instanceof SyntaxError) {
      return sendProblem(request, reply, 'MALFORMED_JSON', 'The request body is not acceptable JSON', {
        errors: [{ field: 'body', message: error.message.slice(0, 200) }],
      });
    }
    // Fastify's other refusals of a request it cannot read (a body shorter than its Content-Length…).
    if (error.statusCode === 400 && error.code?.startsWith('FST_ERR_')) {
      return sendProblem(request, reply, 'MALFORMED_REQUEST', error.message.slice(0, 200));
    }
    if (error.statusCode === 429) {
      return sendProblem(request, reply, 'RATE_LIMITED', 'Too many requests; try again shortly');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(request, reply, 'VALIDATION_FAILED', error.message.slice(0, 200));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a defect: the database is down or restarting. Nothing was written (each change is one
      // transaction), so the client may send the same request again.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(request, reply, 'DATABASE_UNAVAILABLE', 'The database cannot be reached; try again shortly');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, 'INTERNAL', 'Something went wrong on our side');
  });
}

/**
 * Fastify's refusals made before a route is found (Fastify's `frameworkErrors`): a URL whose
 * %-escapes do not decode, a path segment above the router's length limit.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return sendProblem(
        request,
        reply,
        'MALFORMED_REQUEST',
        'The URL is not valid: a %-escape in its path does not decode',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendProblem(request, reply, 'URI_TOO_LONG', 'A part of the URL’s path is longer than the server takes');
  }
  request.log.error({ err: error }, 'unhandled framework error');
  return sendProblem(request, reply, 'INTERNAL', 'Something went wrong on our side');
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (its `clientError`): headers above
 * Node's limit, a malformed request line or header, a request that never finished arriving. They are
 * answered in the same problem+json as everything else, and the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'request refused by the HTTP parser');
  const code = clientErrorCode(error);
  const requestId = newId();
  const body = JSON.stringify(problemBody(code, clientErrorDetail[code], { requestId }));
  const status = errorCodes[code];
  // Answer only where no response of a previous request on this connection is half written.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const clientErrorDetail = {
  URI_TOO_LONG: `The URL is longer than ${MAX_URL_BYTES / 1024} KB`,
  HEADERS_TOO_LARGE: 'The request line and headers together are larger than the server takes',
  REQUEST_TIMEOUT: 'The request did not arrive in time',
  MALFORMED_REQUEST: 'The request is not valid HTTP',
} satisfies Partial<Record<ErrorCode, string>>;

function clientErrorCode(error: ConnectionError): keyof typeof clientErrorDetail {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code !== 'HPE_HEADER_OVERFLOW') return 'MALFORMED_REQUEST';
  // The request line counts toward Node's header limit: when the URL alone is above our own limit
  // (which shorter URLs meet as a 414 from the edge), the URL is what is too long.
  const raw: unknown = error.rawPacket;
  const packet = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  const lineEnd = packet.indexOf('\r\n');
  const requestLine = lineEnd < 0 ? packet : packet.slice(0, lineEnd);
  return /^[A-Z]+ /.test(requestLine) && requestLine.length > MAX_URL_BYTES ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
}
