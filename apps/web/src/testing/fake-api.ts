import { vi } from 'vitest';
import { sessionStore } from '@/lib/session-store';

export interface ApiCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; data?: unknown; error?: string } | Error;
type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/**
 * A stand-in for the server behind `fetch` (the network boundary). Routes are `'METHOD /path'`
 * (the path without its query string); a reply is `{ data }` (sent in the spec's success envelope),
 * `{ status, error }` (the failure envelope) or an Error (the network failing). Unknown routes
 * answer 404, so a test sees a call it did not expect; the profile answers the signed-in user.
 */
export function fakeApi(routes: Record<string, Handler | Reply>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://localhost:3000');
    const call: ApiCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route =
      routes[`${call.method} ${url.pathname}`] ?? defaults[`${call.method} ${url.pathname}`];
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply instanceof Error) throw reply;
    if (!reply)
      return json(404, { success: false, error: `No fake for ${call.method} ${url.pathname}` });
    const status = reply.status ?? 200;
    return status < 400
      ? json(status, { success: true, data: reply.data ?? null })
      : json(status, { success: false, error: reply.error ?? `HTTP ${status}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one route, e.g. `callsTo('POST /api/orders/public')`. */
    callsTo: (route: string) =>
      calls.filter((c) => `${c.method} ${c.path.split('?')[0]}` === route),
  };
}

// The app checks the stored session's profile on start; it answers the signed-in user.
const defaults: Record<string, Handler> = {
  'GET /api/auth/profile': () => {
    const session = sessionStore.get();
    return session ? { data: session.user } : { status: 401, error: 'Unauthorized' };
  },
  // Every page reads the platform's brand and maintenance state; staff screens their brand.
  'GET /api/public/platform': () => ({ data: { brand: {}, maintenanceMode: false } }),
  'GET /api/restaurant/branding': () => ({
    data: { own: {}, allowed: false, effective: { source: 'platform' } },
  }),
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
