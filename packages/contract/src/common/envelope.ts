import { z } from 'zod';

/** What a refusal's message names, for a client that words it itself (`{ date: '2026-11-26' }`). */
export const errorParamsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

export type ErrorParams = z.infer<typeof errorParamsSchema>;

/**
 * Spec envelope: every JSON response is `{ success: true, data }` or `{ success: false, error }`.
 * A refusal also carries a machine-readable `code` (a class from `ERROR_CODES`, or a refusal's own
 * code from the message catalog), and `params` when its message names values, so a client can
 * decide and word what to show without parsing `error`.
 */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  params: errorParamsSchema.optional(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The one helper that wraps a route's data in the success envelope. */
export function successResponseSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** GET /api/health: the server answers and its database does too. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

export const healthResponseSchema = successResponseSchema(healthSchema);

export type SuccessResponse<T> = { success: true; data: T };

export type ApiResponse<T> = SuccessResponse<T> | ErrorResponse;

export const ERROR_CODES = [
  /** A request that is not well formed: bad JSON, bad percent-encoding, not HTTP. */
  'BAD_REQUEST',
  /** Well formed, but a value breaks a rule (a schema, or a service's check). */
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TIMEOUT',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TIMEOUT: 408,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The code of an error that has only an HTTP status (the framework's, Node's parser's). */
export function errorCodeForStatus(status: number): ErrorCode {
  const exact = (Object.keys(ERROR_STATUS) as ErrorCode[]).find(
    (code) => ERROR_STATUS[code] === status && code !== 'VALIDATION',
  );
  if (exact) return exact;
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}
