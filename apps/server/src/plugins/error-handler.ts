import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

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
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/** The one place errors become the spec's `{ success: false, error }` envelope. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as ZodIssueLike[];
      return reply
        .status(400)
        .send({ success: false, error: validationMessage(issues, error.validationContext) });
    }
    if (error.validation) {
      return reply.status(400).send({ success: false, error: error.message || 'Invalid request' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ success: false, error: error.message || 'Too many requests, try again later' });
    }
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES[error.code] ?? error.message ?? 'Bad request';
      return reply.status(status).send({ success: false, error: message });
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send({ success: false, error: 'The request contains characters that cannot be stored' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ success: false, error: 'Service temporarily unavailable, please try again' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      success: false,
      error: `Internal server error (request ${request.id})`,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({
      success: false,
      error: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
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
