import {
  authRoutes,
  defineRouteContract,
  healthRoutes,
  securityRoutes,
  successResponseSchema,
  tokenQuerySchema,
} from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, type Client } from './client.js';
import { createTestApp, type TestApp } from './harness.js';

describe('the typed test client', () => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  it('signs a demo username in through the login route and calls as that account', async () => {
    const res = await api.as('manager1').call(authRoutes.getProfile);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ username: 'manager1', role: 'manager' });
    // The token is remembered: one session for every call as manager1.
    expect(await api.tokenOf('manager1')).toBe(await api.tokenOf('manager1'));
  });

  it('calls with a bearer token as given', async () => {
    const token = await api.signIn('waiter1');
    const res = await api.as(token).call(authRoutes.getProfile);
    expect(res.data.username).toBe('waiter1');
  });

  it('answers a refusal with its status, message and code; its data cannot be read', async () => {
    const res = await api.call(authRoutes.getProfile);
    expect(res.status).toBe(401);
    expect(res.error).toBe('Unauthorized');
    expect(res.code).toBe('UNAUTHORIZED');
    expect(() => res.data).toThrow(/getProfile answered 401/);
  });

  it('sends input the types refuse, for the tests of what the server refuses', async () => {
    const res = await api
      .as('admin1')
      .send(securityRoutes.updateSecuritySettings, { body: { sessionTimeoutHours: '24' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Session timeout must be a number of hours',
      code: 'VALIDATION',
    });
  });

  it('fails the call when a success does not parse by the route’s response schema', async () => {
    const drifted = defineRouteContract({
      ...healthRoutes.getHealth,
      operationId: 'driftedHealth',
      response: successResponseSchema(z.object({ status: z.literal('down') })),
    });
    await expect(api.call(drifted)).rejects.toThrow(/driftedHealth answered 200 with a body/);
  });

  it('puts a guest’s table token where the route reads it', async () => {
    const menu = defineRouteContract({
      method: 'GET',
      path: '/api/menu/public',
      operationId: 'guestMenuProbe',
      summary: 'The guest menu, for this test',
      tags: [],
      scope: 'guest',
      query: tokenQuerySchema,
      response: successResponseSchema(
        z.looseObject({ table: z.looseObject({ number: z.number() }) }),
      ),
    });
    const res = await api.guest('QR-T2').call(menu);
    expect(res.status).toBe(200);
    expect(res.data.table.number).toBe(2);
  });
});
