import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodes, type ErrorCode, type FieldError, type Problem } from '@ipos/contracts';
import { AppError } from './app-error.js';

const titles: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'Some fields are not valid',
  MALFORMED_JSON: 'The request body is not valid JSON',
  UNAUTHENTICATED: 'Sign in to continue',
  FORBIDDEN: 'Your role does not allow this',
  NOT_FOUND: 'Not found',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  INTERNAL: 'Something went wrong on our side',
};

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extra: Record<string, unknown> = {},
) {
  const status = errorCodes[code];
  const body: Problem & Record<string, unknown> = {
    type: `https://ipos.app/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title: titles[code] ?? detail,
    status,
    code,
    detail,
    instance: request.url.split('?')[0],
    requestId: request.id,
    ...extra,
  };
  return reply.code(status).type('application/problem+json').send(body);
}

/** 1048576 → "1 MB", 5242880 → "5 MB", 2048 → "2 KB". */
function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
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
        const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
        return sendProblem(
          request,
          reply,
          'PAYLOAD_TOO_LARGE',
          `The request body is larger than ${describeBytes(limit)}`,
        );
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
        // File endpoints (images, CSV) say which types they take; every other endpoint takes JSON.
        const raw = (request.routeOptions.config as { rawBody?: { contentTypes: readonly string[] } } | undefined)
          ?.rawBody;
        const types = raw ? raw.contentTypes.join(' or ') : 'application/json';
        return sendProblem(request, reply, 'UNSUPPORTED_MEDIA_TYPE', `Send the body as ${types}`);
      }
    }
    // secure-json-parse rejects __proto__ and constructor.prototype keys with a SyntaxError.
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return sendProblem(request, reply, 'MALFORMED_JSON', 'The request body is not acceptable JSON', {
        errors: [{ field: 'body', message: error.message.slice(0, 200) }],
      });
    }
    if (error.statusCode === 429) {
      return sendProblem(request, reply, 'RATE_LIMITED', 'Too many requests; try again shortly');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(request, reply, 'VALIDATION_FAILED', error.message.slice(0, 200));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, 'INTERNAL', 'Something went wrong on our side');
  });
}
