import { defineRouteContract } from '@tavola/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, call, managerCall } from './api-client';
import { sessionStore } from './session-store';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('apiRequest', () => {
  it('unwraps the data of a success envelope', async () => {
    answer(200, { success: true, data: { id: 'x' } });
    await expect(apiRequest('/api/thing', { auth: false })).resolves.toEqual({ id: 'x' });
  });

  it("keeps a refusal's text, code and params for the screen to decide by", async () => {
    answer(409, {
      success: false,
      error: 'The business day 2026-11-26 is closed',
      code: 'CONFLICT',
      params: { date: '2026-11-26' },
    });
    const error = await apiRequest('/api/thing', { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'The business day 2026-11-26 is closed',
      status: 409,
      code: 'CONFLICT',
      params: { date: '2026-11-26' },
    });
  });

  it('falls back to the status when the answer is not the envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    const error = await apiRequest('/api/thing', { auth: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'HTTP 502', status: 502, code: null, params: null });
  });
});

// Two routes of the contract's shape, declared here so the client is proved apart from any domain.
const closeThing = defineRouteContract({
  method: 'POST',
  path: '/api/things/:id/close',
  operationId: 'closeThing',
  summary: 'Close a thing',
  tags: ['things'],
  scope: 'staff',
  params: z.object({ id: z.string() }),
  query: z.object({ force: z.boolean().optional(), note: z.string().optional() }),
  body: z.object({ reason: z.string() }),
  response: z.object({ success: z.literal(true), data: z.object({ closed: z.literal(true) }) }),
});

const guestThing = defineRouteContract({
  method: 'GET',
  path: '/api/things/public',
  operationId: 'getGuestThing',
  summary: 'A thing, for a guest',
  tags: ['things'],
  scope: 'guest',
  query: z.object({ token: z.string() }),
  response: z.object({ success: z.literal(true), data: z.object({ name: z.string() }) }),
});

function recordFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const user = {
  id: 'u1',
  username: 'anna',
  role: 'manager',
  name: 'Anna',
} as unknown as NonNullable<ReturnType<typeof sessionStore.get>>['user'];

describe('call', () => {
  it("sends the route's method, filled-in path, query and body with the staff token", async () => {
    sessionStore.set({ token: 'tok', user });
    const fetchMock = recordFetch(200, { success: true, data: { closed: true } });
    const data = await call(closeThing, {
      params: { id: 'a b/c' },
      query: { force: true, note: undefined },
      body: { reason: 'done' },
    });
    // The answer is typed by the route's response: `closed` is the literal true.
    const closed: true = data.closed;
    expect(closed).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things/a%20b%2Fc/close?force=true');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ reason: 'done' });
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');
  });

  it('sends a guest route without the staff token, unless told to', async () => {
    sessionStore.set({ token: 'tok', user });
    const fetchMock = recordFetch(200, { success: true, data: { name: 'x' } });
    await call(guestThing, { query: { token: 'qr' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/things/public?token=qr');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('authorization')).toBeNull();
    await call(guestThing, { query: { token: 'qr' } }, { auth: true });
    expect(new Headers(fetchMock.mock.calls[1]![1].headers).get('authorization')).toBe(
      'Bearer tok',
    );
  });

  it("keeps a refusal's text and code, and the manager's fallback text", async () => {
    recordFetch(409, { success: false, error: 'Closed already', code: 'CONFLICT' });
    const input = { params: { id: 't1' }, body: { reason: 'x' } };
    await expect(call(closeThing, input)).rejects.toMatchObject({
      message: 'Closed already',
      status: 409,
      code: 'CONFLICT',
    });
    recordFetch(502, null);
    await expect(call(closeThing, input)).rejects.toMatchObject({ message: 'HTTP 502' });
    await expect(managerCall(closeThing, input)).rejects.toMatchObject({
      message: 'Request failed (502)',
      status: 502,
    });
  });
});
