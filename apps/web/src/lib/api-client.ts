import {
  routePath,
  routeQuery,
  type RouteData,
  type RouteDef,
  type RouteInput,
  type RouteOf,
  type RouteRef,
} from '@tavola/contract';
import { sessionStore } from './session-store';

/**
 * An API failure carrying the server's own message (or the spec's fallback), the status, and
 * the server's machine-readable code and params when it sent them (a screen decides by the code,
 * never by parsing the message).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly params: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the staff bearer token (default true); 401 then clears the session. */
  auth?: boolean;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * A refusal worded from its code and params in the reader's language, or the server's own text.
 * The catalog comes on the first refusal, not with every page; if it cannot load (the connection
 * dropped), the server's text is the message.
 */
async function worded(
  code: string | null,
  params: Record<string, unknown> | null,
  serverText: string,
): Promise<string> {
  try {
    const { refusalMessage } = await import('./refusals');
    return refusalMessage(code, params, serverText);
  } catch {
    return serverText;
  }
}

/**
 * The one API client: adds the bearer token, unwraps `{ success, data }`, turns
 * `{ success: false, error }` into an ApiError with the server's text.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const session = auth ? sessionStore.get() : null;
  if (session) headers.authorization = `Bearer ${session.token}`;

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = (await readJson(response)) as {
    success?: boolean;
    data?: unknown;
    error?: unknown;
    code?: unknown;
    params?: unknown;
  } | null;

  if (response.status === 401 && auth && session) {
    sessionStore.clear();
    throw new ApiError('Unauthorized', 401);
  }
  if (!response.ok || !payload || payload.success !== true) {
    const code = typeof payload?.code === 'string' ? payload.code : null;
    const params =
      payload?.params && typeof payload.params === 'object'
        ? (payload.params as Record<string, unknown>)
        : null;
    const message =
      payload && typeof payload.error === 'string' && payload.error
        ? await worded(code, params, payload.error)
        : `HTTP ${response.status}`;
    throw new ApiError(message, response.status, code, params);
  }
  return payload.data as T;
}

/** The manager's screens show the server's text, or 'Request failed ({status})'. */
export async function managerRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && /^HTTP \d+$/.test(error.message)) {
      throw new ApiError(
        `Request failed (${error.status})`,
        error.status,
        error.code,
        error.params,
      );
    }
    throw error;
  }
}

/** How one call is sent; the route decides the rest (method, path, whether a token goes along). */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Send the staff bearer token. By default a public or guest route goes without it (the guest's
   * table code is in the request itself) and every other route with it.
   */
  auth?: boolean;
}

/**
 * What the web calls: a route reference from `@tavola/contract/refs` (method, path and scope,
 * typed from its declaration; no schemas in the bundle), or the declaration itself in a test.
 */
type Callable = RouteRef | RouteDef;

/** The input argument is optional for a route that declares no params, query or body. */
type CallArgs<R extends RouteDef> =
  // A route with nothing to send accepts no input at all.
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

/** The address a route answers at for one input: its path with params filled in, then the query. */
export function routeUrl<T extends Callable>(route: T, input?: RouteInput<RouteOf<T>>): string {
  const params = input?.params as Record<string, string | number | boolean> | undefined;
  const query = input?.query as Parameters<typeof routeQuery>[0];
  return routePath(route.path, params) + routeQuery(query);
}

function requestOf<T extends Callable>(
  route: T,
  input: RouteInput<RouteOf<T>> | undefined,
  options: CallOptions,
): [string, RequestOptions] {
  const auth = options.auth ?? !(route.scope === 'public' || route.scope === 'guest');
  // Headers the route declares (an Idempotency-Key) come with the input, like its body.
  const declared = (input as { headers?: Record<string, string> } | undefined)?.headers;
  return [
    routeUrl(route, input),
    {
      method: route.method,
      body: input?.body,
      headers: declared || options.headers ? { ...declared, ...options.headers } : undefined,
      auth,
      signal: options.signal,
    },
  ];
}

/**
 * Calls a route declared in the contract: its path and query from the input, its body sent as
 * JSON, and its success data typed by the route's response schema (the server's answer is trusted
 * as typed, as every screen did with a cast before; the web's test fake checks that each faked
 * answer parses by the same schema).
 */
export function call<T extends Callable>(route: T, ...[input, options = {}]: CallArgs<RouteOf<T>>) {
  return apiRequest<RouteData<RouteOf<T>>>(...requestOf(route, input, options));
}

/** `call` for a manager's screen: a failure without the server's text reads 'Request failed ({status})'. */
export function managerCall<T extends Callable>(
  route: T,
  ...[input, options = {}]: CallArgs<RouteOf<T>>
) {
  return managerRequest<RouteData<RouteOf<T>>>(...requestOf(route, input, options));
}
