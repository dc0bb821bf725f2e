import { STATUS_CODES, type ServerResponse } from 'node:http';
import {
  errorCodeForStatus,
  type ErrorCode,
  type ErrorParams,
  type ErrorResponse,
  type RefusalCode,
} from '@tavola/contract';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, refuse } from './errors.js';

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
}

// zod's own messages ("Invalid input: expected string…") need the field name to make sense.
const GENERIC_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

function validationMessage(issues: readonly ZodIssueLike[], context: string | undefined): string {
  const first = issues[0];
  if (!first?.message) return refusal('REQUEST_INVALID').error;
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const where = field || context || '';
  if (GENERIC_MESSAGE.test(first.message) && where) return `${where}: ${first.message}`;
  return first.message;
}

/** Fastify's own client errors, in words a person understands (from the catalog, by code). */
const FASTIFY_REFUSALS = new Map<string, RefusalCode>([
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'REQUEST_JSON_MALFORMED'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'REQUEST_JSON_EMPTY'],
  ['FST_ERR_CTP_BODY_TOO_LARGE', 'REQUEST_BODY_TOO_LARGE'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'REQUEST_MEDIA_TYPE_UNSUPPORTED'],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'REQUEST_CONTENT_LENGTH_MISMATCH'],
  ['FST_ERR_BAD_URL', 'REQUEST_URL_MALFORMED'],
  ['FST_ERR_MAX_PARAM_LENGTH', 'REQUEST_URL_PART_TOO_LONG'],
]);

/** The error envelope: the spec's `{ success: false, error }`, with its machine-readable code. */
export function errorBody(
  error: string,
  code: ErrorCode | RefusalCode,
  params?: ErrorResponse['params'],
): ErrorResponse {
  return params ? { success: false, error, code, params } : { success: false, error, code };
}

/**
 * The envelope of a refusal from the catalog, as `refuse(code, params)` would send it: for the
 * answers given outside a route (the framework's, the HTTP parser's, the last resort's).
 */
export function refusal(code: RefusalCode, params?: ErrorParams): ErrorResponse {
  const error = refuse(code, params);
  return errorBody(error.message, error.code, error.params);
}

/** A route that is not there (any method the path does not take): 404 in the envelope. */
export function routeNotFound(method: string, url: string): ErrorResponse {
  return refusal('ROUTE_NOT_FOUND', { method, path: url.split('?')[0] ?? url });
}

/** The one place errors become the spec's `{ success: false, error }` envelope. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.message, error.code, error.params));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as ZodIssueLike[];
      return reply
        .status(400)
        .send(errorBody(validationMessage(issues, error.validationContext), 'VALIDATION'));
    }
    if (error.validation) {
      // A schema's own message, when it has one (Fastify's, for a schema that is not zod).
      const invalid = refusal('REQUEST_INVALID');
      return reply.status(400).send(error.message ? { ...invalid, error: error.message } : invalid);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // The limiter throws the envelope its `errorResponseBuilder` made (worded from the catalog,
      // with the seconds to wait); an Error of its own has a message instead.
      const built = (error as { error?: unknown }).error;
      const text = typeof built === 'string' ? built : error.message;
      const limited = refusal('REQUESTS_RATE_LIMITED_LATER');
      return reply.status(429).send(text ? { ...limited, error: text } : limited);
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(clientErrorBody(error, status));
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send(refusal('REQUEST_TEXT_UNSTORABLE'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(refusal('SERVICE_UNAVAILABLE'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(refusal('INTERNAL_ERROR', { requestId: request.id }));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send(routeNotFound(request.method, request.url));
  });
}

/**
 * A 4xx the framework raised: its words from the catalog by Fastify's code, with the class of
 * its status as the envelope's code. One the catalog does not know keeps Fastify's own message.
 */
function clientErrorBody(error: FastifyError, status: number): ErrorResponse {
  const known = FASTIFY_REFUSALS.get(error.code);
  const body = refusal(known ?? 'REQUEST_BAD');
  const code = errorCodeForStatus(status);
  return known ? { ...body, code } : { ...body, code, error: error.message || body.error };
}

/**
 * Errors Fastify's router raises before any route runs (`frameworkErrors`): bad percent-encoding
 * in the path, an over-long path parameter.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  const body =
    status < 500
      ? refusal(FASTIFY_REFUSALS.get(error.code) ?? 'REQUEST_BAD')
      : refusal('INTERNAL_ERROR', { requestId: reply.request.id });
  if (status >= 500) reply.log.error({ err: error }, 'unexpected router error');
  void reply.status(status).send({ ...body, code: errorCodeForStatus(status) });
}

/**
 * Errors of Node's HTTP parser, before Fastify sees a request (`clientErrorHandler`): headers
 * over the size limit, a malformed header or Content-Length, a request that is not HTTP. The
 * answer is written to the socket by hand, in the envelope.
 */
export function answerClientError(
  log: FastifyBaseLogger | null,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HTTP_HEADERS_TOO_LARGE' as const]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'HTTP_REQUEST_TIMEOUT' as const]
        : [400, 'HTTP_REQUEST_MALFORMED' as const];
  // Not the error itself: its `rawPacket` holds the request's bytes, bearer token included.
  log?.debug({ code: error.code, status }, 'client error');
  // As Node's own handler: only when no response has started on this connection.
  const response = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (!socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(refusal(code));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/**
 * PostgreSQL refuses some text a schema let through: U+0000 in text (22021) or in JSON (22P05).
 * Bad input, so a 400; every text field's schema should refuse it first.
 */
const ENCODING_ERRORS = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && ENCODING_ERRORS.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|not currently accepting connections|terminating connection|connection error and is not queryable|Cannot use a pool after calling end/i.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
