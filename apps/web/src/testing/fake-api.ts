import {
  authRoutes,
  platformRoutes,
  restaurantAccountRoutes,
  type RouteDef,
} from '@tavola/contract';
import { vi } from 'vitest';
import { z } from 'zod';
import { sessionStore } from '@/lib/session-store';
import { findRoute } from './contract-routes';

export interface ApiCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply =
  /** `code` and `params`: a refusal as the server words it, by its catalog code. */
  | {
      status?: number;
      data?: unknown;
      error?: string;
      code?: string;
      params?: Record<string, unknown>;
    }
  /** A file answer (a CSV, a PDF) as the server sends it: the body itself, no envelope. */
  | { status?: number; file: string; type?: string }
  | Error;
type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/**
 * What a fake said that the server never would, kept until the test ends: the setup file fails the
 * test with it (a reply's shape is checked when the app asks, deep inside its own error handling,
 * where a thrown error would only show the screen's failure state).
 */
const violations: string[] = [];

/** The contract breaches faked during the current test, emptied as they are read. */
export function takeFakeApiViolations(): string[] {
  return violations.splice(0);
}

function routeOf(key: string) {
  const [method = '', pathname = ''] = key.split(' ');
  return findRoute(method, pathname);
}

/**
 * Fields of a faked body that its schema dropped: an object schema strips keys it does not know,
 * so a body can parse and still carry a field the server never sends (and a screen reading it
 * would pass its test and break on the real server).
 */
function strayFields(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, i) => strayFields(item, kept[i], `${at}[${i}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in kept ? strayFields(sent[key], kept[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** A success body is answered only if it parses by the route's response schema, field for field. */
function checkReply(key: string, body: unknown): void {
  const route = routeOf(key);
  if (!route) {
    violations.push(`fakeApi answered ${key}, a route the contract does not declare`);
    return;
  }
  if (!route.response) return; // a file answer (PDF, CSV, image)
  // A file the route answers beside its JSON (format=csv), faked as its text: not JSON to check.
  if (route.produces?.length && isPlainObject(body) && typeof body.data === 'string') return;
  // What the app receives: the body as JSON carries it (undefined fields gone).
  const sent = JSON.parse(JSON.stringify(body)) as unknown;
  const parsed = route.response.safeParse(sent);
  const problem = !parsed.success
    ? z.prettifyError(parsed.error)
    : strayFields(sent, parsed.data, '')
        .map((field) => `✖ ${field.slice(1)}: not a field of the response`)
        .join('\n');
  if (problem) {
    violations.push(
      `fakeApi answered ${key} (${route.operationId}) with a body the server never sends:\n` +
        `${problem}\nbody: ${JSON.stringify(sent).slice(0, 600)}`,
    );
  }
}

/**
 * A stand-in for the server behind `fetch` (the network boundary). Routes are `'METHOD /path'`
 * (the path without its query string, params filled in); a reply is `{ data }` (sent in the spec's
 * success envelope), `{ status, error }` (the failure envelope) or an Error (the network failing).
 * Unknown routes answer 404, so a test sees a call it did not expect; the profile answers the
 * signed-in user.
 *
 * Every route faked must be one the contract declares, and every success body must parse by that
 * route's response schema: a test cannot pass on a shape the server never sends.
 */
export function fakeApi(routes: Record<string, Handler | Reply>) {
  const unknown = Object.keys(routes).filter((key) => !routeOf(key));
  if (unknown.length) {
    throw new Error(`fakeApi: no route in the contract answers ${unknown.join(', ')}`);
  }
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
    const key = `${call.method} ${url.pathname}`;
    const route = routes[key] ?? defaults[key];
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply instanceof Error) throw reply;
    if (!reply)
      return json(404, { success: false, error: `No fake for ${call.method} ${url.pathname}` });
    const status = reply.status ?? 200;
    if ('file' in reply) {
      const declared = routeOf(key);
      if (!declared || (declared.response && !declared.produces?.length)) {
        violations.push(`fakeApi answered ${key} with a file, which the route never sends`);
      }
      return new Response(reply.file, {
        status,
        headers: { 'content-type': reply.type ?? 'application/octet-stream' },
      });
    }
    if (status >= 400)
      return json(status, {
        success: false,
        error: reply.error ?? `HTTP ${status}`,
        ...(reply.code ? { code: reply.code } : {}),
        ...(reply.params ? { params: reply.params } : {}),
      });
    const body = { success: true, data: reply.data ?? null };
    checkReply(key, body);
    return json(status, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one route, e.g. `callsTo('POST /api/orders/public')`. */
    callsTo: (route: string) =>
      calls.filter((c) => `${c.method} ${c.path.split('?')[0]}` === route),
  };
}

const keyOf = (route: RouteDef) => `${route.method} ${route.path}`;

// The app checks the stored session's profile on start; it answers the signed-in user.
const defaults: Record<string, Handler> = {
  [keyOf(authRoutes.getProfile)]: () => {
    const session = sessionStore.get();
    return session ? { data: session.user } : { status: 401, error: 'Unauthorized' };
  },
  // Every page reads the platform's brand and maintenance state; staff screens their brand.
  [keyOf(platformRoutes.getPublicPlatform)]: () => ({
    data: { brand: {}, maintenanceMode: false },
  }),
  [keyOf(restaurantAccountRoutes.getRestaurantBranding)]: () => ({
    data: { own: {}, allowed: false, effective: { source: 'platform' } },
  }),
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
