import {
  routePath,
  routeQuery,
  v1Routes,
  type ErrorParams,
  type RouteData,
  type RouteInput,
} from '@tavola/contract';

/** The public API's operations, by the contract's names (`v1ListOrders`, `v1BumpTicket`, …). */
export type V1Routes = typeof v1Routes;
export type V1OperationName = keyof V1Routes;

/** An operation's name in the client: the contract's without its `v1` (`listOrders`). */
type MethodName<K extends string> = K extends `v1${infer Rest}` ? Uncapitalize<Rest> : K;

/** The input may be left out when the operation takes no params, query or body. */
type Args<I> = object extends I ? [input?: I] : [input: I];

export type TavolaClient = {
  readonly [K in V1OperationName as MethodName<K>]: (
    ...args: Args<RouteInput<V1Routes[K]>>
  ) => Promise<RouteData<V1Routes[K]>>;
} & {
  /** Calls any v1 operation by its contract entry, with the answer's rate-limit state. */
  call<K extends V1OperationName>(
    name: K,
    ...args: Args<RouteInput<V1Routes[K]>>
  ): Promise<{ status: number; data: RouteData<V1Routes[K]>; rateLimit: RateLimitState }>;
};

export interface TavolaClientOptions {
  /** Where the server is: `https://your-restaurant.tavola.app` (no trailing `/api`). */
  baseUrl: string;
  /** The restaurant's API key (`tvk_live_…`). */
  apiKey: string;
  /** Another fetch (a test's, one with a proxy); the global one by default. */
  fetch?: typeof fetch;
}

/** Where the key's nearer limit stands after an answer (the `RateLimit-*` headers). */
export interface RateLimitState {
  limit: number | null;
  remaining: number | null;
  /** Seconds until the window starts again. */
  resetSeconds: number | null;
}

/** A refusal: the HTTP status, the error's code and params, and when to retry after a 429. */
export class TavolaApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: ErrorParams | undefined,
    /** Seconds to wait (Retry-After), on a 429. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = 'TavolaApiError';
  }
}

const numberHeader = (headers: Headers, name: string): number | null => {
  const value = headers.get(name);
  return value === null || value === '' || Number.isNaN(Number(value)) ? null : Number(value);
};

type LooseInput = {
  params?: Record<string, string | number | boolean>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
};

/**
 * A client for the public API. Every operation of `v1Routes` is a method, typed from the
 * contract: its params, query, body and headers in, the success's `data` out; a refusal throws a
 * `TavolaApiError`.
 */
export function createTavolaClient(options: TavolaClientOptions): TavolaClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;

  async function call(name: V1OperationName, input: LooseInput = {}) {
    const route = v1Routes[name];
    const url = base + routePath(route.path, input.params) + routeQuery(input.query);
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.apiKey}`,
      accept: 'application/json',
    };
    for (const [key, value] of Object.entries(input.headers ?? {})) {
      if (value !== undefined) headers[key] = value;
    }
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    const res = await doFetch(url, {
      method: route.method,
      headers,
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const refusal = (body ?? {}) as { error?: string; code?: string; params?: ErrorParams };
      throw new TavolaApiError(
        res.status,
        refusal.code ?? `HTTP_${res.status}`,
        refusal.error ?? (text.slice(0, 200) || res.statusText),
        refusal.params,
        numberHeader(res.headers, 'retry-after'),
      );
    }
    return {
      status: res.status,
      data: (body as { data: unknown }).data,
      rateLimit: {
        limit: numberHeader(res.headers, 'ratelimit-limit'),
        remaining: numberHeader(res.headers, 'ratelimit-remaining'),
        resetSeconds: numberHeader(res.headers, 'ratelimit-reset'),
      },
    };
  }

  const methods: Record<string, unknown> = {
    call: (name: V1OperationName, input?: LooseInput) => call(name, input),
  };
  for (const name of Object.keys(v1Routes) as V1OperationName[]) {
    const method = name.replace(/^v1(.)/, (_, c: string) => c.toLowerCase());
    methods[method] = async (input?: LooseInput) => (await call(name, input)).data;
  }
  return methods as TavolaClient;
}
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks.js';
