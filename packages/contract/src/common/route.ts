import type { z } from 'zod';
import type { Permission } from '../auth/roles.js';
import type { ApiKeyScope } from './api-scopes.js';

/**
 * Who may call a route, decided by the credential the request carries:
 * - `public`: anyone (sign-in, health, sign-up, the OpenAPI document);
 * - `guest`: a table's QR token (the restaurant comes from the table);
 * - `staff`: a restaurant's staff bearer token, further narrowed by `permissions`;
 * - `team`: the platform team's bearer token (across restaurants);
 * - `api`: a restaurant's API key (the public API).
 */
export const ROUTE_SCOPES = ['public', 'guest', 'staff', 'team', 'api'] as const;
export type RouteScope = (typeof ROUTE_SCOPES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The success statuses a route answers with (201 for a creation, 202 for work started). */
export type RouteSuccessStatus = 200 | 201 | 202;

/** The refusals a route may declare (each answers in the error envelope). */
export type RouteErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

/**
 * One HTTP operation, declared once beside its domain's schemas and read by the server (which
 * registers it), the web client (which calls it), the test clients and the OpenAPI document.
 *
 * `response` is the success body's schema (the whole envelope, `{ success: true, data }`), or
 * `null` for an answer that is not JSON (a PDF, a CSV, a QR image); then `produces` names its media
 * types. `errors` lists the domain refusals the route can answer beside those its kind implies
 * (400 for input, 401 unless public, 403 behind a permission, 429 when rate limited).
 */
export interface RouteDef<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | null = z.ZodType | null,
  Headers extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly method: M;
  readonly path: P;
  readonly operationId: string;
  readonly summary: string;
  /** Longer words for the API document, when the summary is not enough. */
  readonly description?: string;
  /** Kept for old callers only; the document says what to call instead. */
  readonly deprecated?: boolean;
  readonly tags: readonly string[];
  readonly scope: RouteScope;
  /** Any one of these lets a staff caller in; empty or absent means any signed-in caller of the scope. */
  readonly permissions?: readonly Permission[];
  /** The API key's scope an `api` route needs (an `api` route must name one). */
  readonly apiScope?: ApiKeyScope;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  /** Request headers the route reads (an Idempotency-Key), validated like the body. */
  readonly headers?: Headers;
  readonly response: Response;
  /**
   * The success status (200 unless given); a list when the route answers with either (a first
   * order is 201 Created, its replay 200), each with the same body.
   */
  readonly status?: RouteSuccessStatus | readonly RouteSuccessStatus[];
  /**
   * Media types of a file answer: alone when `response` is null, else beside the JSON body. Empty
   * with a null `response` for a route that never succeeds (kept to tell old callers it is gone).
   */
  readonly produces?: readonly string[];
  /** What the success answer is, in the document, when it can be a file (`format=pdf`). */
  readonly responseDescription?: string;
  readonly errors?: readonly RouteErrorStatus[];
}

/** Declares a route, keeping its literal types (method, path, schemas) for the clients. */
export function defineRouteContract<const R extends RouteDef>(route: R): R {
  return route;
}

/** Ties a route reference to the declaration it stands for, in types only. */
declare const declaredRoute: unique symbol;

/**
 * A route without its schemas: what a browser needs to call it (method, path, scope), typed from
 * the declaration it stands for. The web calls through these, so a page's bundle carries no zod
 * schema it does not use itself; `route-refs.ts` holds one per declared route.
 */
export interface RouteRef<R extends RouteDef = RouteDef> {
  readonly operationId: string;
  readonly method: R['method'];
  readonly path: R['path'];
  readonly scope: R['scope'];
  readonly [declaredRoute]?: R;
}

/** The references of a group of declared routes, under the same names. */
export type RouteRefs<G extends Readonly<Record<string, RouteDef>>> = {
  readonly [K in keyof G]: RouteRef<G[K]>;
};

/** The declaration a reference stands for (a declaration stands for itself). */
export type RouteOf<T> = T extends RouteDef ? T : T extends RouteRef<infer R> ? R : never;

/** A reference made from a declaration: the fields a caller needs, nothing more. */
export function routeRef<const R extends RouteDef>(route: R): RouteRef<R> {
  return {
    operationId: route.operationId,
    method: route.method,
    path: route.path,
    scope: route.scope,
  };
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller passes: the path params, query and body the route declares (each optional when absent). */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: SchemaInput<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: SchemaInput<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: SchemaInput<R['body']> } : { body?: undefined }) &
  (R['headers'] extends z.ZodType
    ? { headers?: SchemaInput<R['headers']> }
    : { headers?: undefined });

type DataOf<R extends RouteDef> = R['response'] extends z.ZodType
  ? SchemaOutput<R['response']> extends { data: infer D }
    ? D
    : SchemaOutput<R['response']>
  : unknown;

/** The success envelope's `data` a route (or its reference) answers with (unknown for a file answer). */
export type RouteData<T extends RouteDef | RouteRef> = DataOf<RouteOf<T>>;

/** `/api/tables/:id/close` with `{ id: 'abc' }` → `/api/tables/abc/close` (values URL-encoded). */
type PathValue = string | number | boolean;

export function routePath(path: string, params?: Readonly<Record<string, PathValue>>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a search string (`?a=1&b=x`), skipping undefined values; '' when empty. */
export function routeQuery(
  query?: Readonly<Record<string, PathValue | readonly PathValue[] | null | undefined>>,
): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
