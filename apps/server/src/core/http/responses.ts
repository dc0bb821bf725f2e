import { errorResponseSchema } from '@tavola/contract';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** What each error status means across the API (DESIGN.md, runtime shape). */
export const ERROR_MEANINGS = {
  400: 'Bad input',
  401: 'Not signed in: no token, a wrong one, or a failed sign-in',
  403: 'Not allowed: the role, the plan or the restaurant refuses it',
  404: "Unknown, or another restaurant's",
  409: 'Conflicts with the current state',
  413: 'Too much to answer at once',
  422: 'Idempotency-Key already used for another order',
  429: 'Rate limited',
  503: 'Unavailable for now, try again',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** The error envelope under each given status, for a route's `response` schema. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/**
 * The errors a route can answer by its kind, added to the response schema it declares (onRoute):
 * 400 when it validates input, 401 unless public, 403 behind a permission, 429 when rate limited.
 * Routes declare their own domain errors (404, 409, ...) beside their success response.
 */
export function addRouteErrors(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!route.schema || !response) return;
  const config = (route.config ?? {}) as {
    public?: boolean;
    permissions?: unknown[];
    rateLimit?: unknown;
    scope?: string;
  };
  const { body, querystring, params, headers } = route.schema;
  const statuses: ErrorStatus[] = [];
  if (body || querystring || params || headers) statuses.push(400);
  if (!config.public) statuses.push(401);
  // An API key is refused a scope or an address (403), and limited per key (429).
  if (config.permissions?.length || config.scope === 'api') statuses.push(403);
  if (config.rateLimit || config.scope === 'api') statuses.push(429);
  for (const status of statuses) response[status] ??= errorResponseSchema;
}

/** A file answer (a QR image, a PDF, a CSV): its media type, documented; sent as is. */
export function fileContent<const M extends string>(...mediaTypes: M[]) {
  return Object.fromEntries(mediaTypes.map((m) => [m, { schema: z.unknown() }])) as Record<
    M,
    { schema: z.ZodUnknown }
  >;
}
