import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, takeFakeApiViolations } from './fake-api';

afterEach(() => {
  // What these tests provoke on purpose is not left for the setup file to fail them with.
  takeFakeApiViolations();
});

const serve = (id: string) => fetch(`/api/orders/${id}/serve`, { method: 'POST' });

describe('fakeApi', () => {
  it('answers a route of the contract with a body its response schema accepts', async () => {
    const api = fakeApi({ 'POST /api/orders/o1/serve': { data: { served: true } } });
    const res = await serve('o1');
    expect(await res.json()).toEqual({ success: true, data: { served: true } });
    expect(api.callsTo('POST /api/orders/o1/serve')).toHaveLength(1);
    expect(takeFakeApiViolations()).toEqual([]);
  });

  it('reports a body the server never sends, naming the route and the field', async () => {
    fakeApi({ 'POST /api/orders/o1/serve': { data: { served: 'yes' } } });
    await serve('o1');
    const [violation, ...rest] = takeFakeApiViolations();
    expect(rest).toEqual([]);
    expect(violation).toContain('POST /api/orders/o1/serve (serveOrder)');
    expect(violation).toContain('served');
  });

  it('reports a field the response does not have, even though the schema would drop it', async () => {
    fakeApi({ 'POST /api/orders/o1/serve': { data: { served: true, servedBy: 'Anna' } } });
    await serve('o1');
    const [violation] = takeFakeApiViolations();
    expect(violation).toContain('data.servedBy: not a field of the response');
  });

  it('refuses to fake a route the contract does not declare', () => {
    expect(() => fakeApi({ 'GET /api/orders/o1/nothing': { data: {} } })).toThrow(
      'no route in the contract answers GET /api/orders/o1/nothing',
    );
  });

  it('lets a failure through whatever its body (the error envelope is not the response)', async () => {
    fakeApi({ 'POST /api/orders/o1/serve': { status: 409, error: 'Already served' } });
    const res = await serve('o1');
    expect(res.status).toBe(409);
    expect(takeFakeApiViolations()).toEqual([]);
  });
});
