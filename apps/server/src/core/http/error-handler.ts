import { STATUS_CODES, type ServerResponse } from 'node:http';
import {
  errorCodeForStatus,
  type ErrorCode,
  type ErrorResponse,
  type RefusalCode,
} from '@tavola/contract';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
}

// zod's own messages ("Invalid input: expected string…") need the field name to make sense.
const GENERIC_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

function validationMessage(issues: readonly ZodIssueLike[], context: string | undefined): string {
  const first = issues[0];
  if (!first?.message) return 'Invalid request';
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const where = field || context || '';
  if (GENERIC_MESSAGE.test(first.message) && where) return `${where}: ${first.message}`;
  return first.message;
}

/** Fastify's own client errors, in words a person understands. */
const FASTIFY_MESSAGES = new Map([
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'Malformed JSON in request body'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'Request body is empty but Content-Type is application/json'],
  ['FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Content-Type; send application/json'],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'Content-Length does not match the body'],
  ['FST_ERR_BAD_URL', 'Malformed URL: the path has invalid percent-encoding'],
  ['FST_ERR_MAX_PARAM_LENGTH', 'A part of the URL is too long'],
]);

/** The error envelope: the spec's `{ success: false, error }`, with its machine-readable code. */
export function errorBody(
  error: string,
  code: ErrorCode | RefusalCode,
  params?: ErrorResponse['params'],
): ErrorResponse {
  return params ? { success: false, error, code, params } : { success: false, error, code };
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
      return reply.status(400).send(errorBody(error.message || 'Invalid request', 'VALIDATION'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBody(error.message || 'Too many requests, try again later', 'RATE_LIMITED'));
    }
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES.get(error.code) ?? error.message ?? 'Bad request';
      return reply.status(status).send(errorBody(message, errorCodeForStatus(status)));
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send(errorBody('The request contains characters that cannot be stored', 'VALIDATION'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send(errorBody('Service temporarily unavailable, please try again', 'UNAVAILABLE'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send(errorBody(`Internal server error (request ${request.id})`, 'INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send(
        errorBody(`Route ${request.method} ${request.url.split('?')[0]} not found`, 'NOT_FOUND'),
      );
  });
}

/**
 * Errors Fastify's router raises before any route runs (`frameworkErrors`): bad percent-encoding
 * in the path, an over-long path parameter.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  const message =
    status < 500
      ? (FASTIFY_MESSAGES.get(error.code) ?? 'Bad request')
      : `Internal server error (request ${reply.request.id})`;
  if (status >= 500) reply.log.error({ err: error }, 'unexpected router error');
  void reply.status(status).send(errorBody(message, errorCodeForStatus(status)));
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
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timed out']
        : [400, 'Malformed HTTP request'];
  // Not the error itself: its `rawPacket` holds the request's bytes, bearer token included.
  log?.debug({ code: error.code, status }, 'client error');
  // As Node's own handler: only when no response has started on this connection.
  const response = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (!socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(message, errorCodeForStatus(status)));
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
