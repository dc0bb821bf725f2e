import { z } from 'zod';

/** Spec envelope: every JSON response is `{ success: true, data }` or `{ success: false, error }`. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
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
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};
