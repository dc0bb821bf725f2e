import { createTavolaClient, TavolaApiError, type TavolaClient } from '@tavola/client';
import { API_KEY_LIMITS, API_KEY_SCOPES, integrationsRoutes, v1Routes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { client } from '../../testing/client.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';

const PER_SECOND = 100_000;

/**
 * The typed client against the server listening on a port, over real HTTP: every v1 operation,
 * as an integration would call it.
 */
describe('@tavola/client against a running server', () => {
  let t: TestApp;
  let tavola: TavolaClient;
  let key: string;
  const called = new Set<string>();

  beforeAll(async () => {
    // Every operation back to back with one key: the per-second limit is api-keys.test.ts's to test.
    t = await createTestApp('pglite', {
      rateLimits: { ...testConfig().rateLimits, apiKeyPerSecond: PER_SECOND },
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    key = (
      await client(t.app)
        .as('admin1')
        .call(integrationsRoutes.createApiKey, {
          body: { name: 'Client test', scopes: [...API_KEY_SCOPES] },
        })
    ).data.key;
    const counting: typeof fetch = async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      );
      const route = Object.values(v1Routes).find(
        (r) =>
          r.method === init?.method &&
          new RegExp(`^${r.path.replace(/:[a-z]+/gi, '[^/]+')}$`).test(url.pathname),
      );
      if (route) called.add(route.operationId);
      return fetch(input, init);
    };
    tavola = createTavolaClient({ baseUrl: address, apiKey: key, fetch: counting });
  });
  afterAll(async () => t?.close());

  it('runs every v1 operation', async () => {
    const { items } = await tavola.listMenu();
    const item = items.find((i) => i.name === 'Caesar Salad')!;
    const changed = await tavola.updateMenuItem({
      params: { id: item.id },
      body: { priceCents: item.priceCents + 10 },
    });
    expect(changed.priceCents).toBe(item.priceCents + 10);

    const { tables } = await tavola.listTables();
    const table = tables.find((tb) => tb.number === 3)!;
    const created = await tavola.createOrder({
      headers: { 'idempotency-key': 'client-test-order-1' },
      body: { tableId: table.id, items: [{ menuItemId: item.id, quantity: 2 }] },
    });
    expect(created.replayed).toBe(false);
    expect(created.order.lines[0]!.unitPriceCents).toBe(item.priceCents + 10);
    const replay = await tavola.createOrder({
      headers: { 'idempotency-key': 'client-test-order-1' },
      body: { tableId: table.id, items: [{ menuItemId: item.id, quantity: 2 }] },
    });
    expect(replay.order.id).toBe(created.order.id);

    const today = new Date(Date.now() - 3_600_000).toISOString();
    const page = await tavola.listOrders({ query: { since: today, status: 'new', limit: 10 } });
    expect(page.orders.map((o) => o.id)).toContain(created.order.id);
    expect((await tavola.getOrder({ params: { id: created.order.id } })).number).toBe(
      created.order.number,
    );

    const { tickets } = await tavola.listTickets({ query: { station: 'kitchen' } });
    const ticket = tickets.find((tk) => tk.orderId === created.order.id)!;
    expect((await tavola.bumpTicket({ params: { id: ticket.id }, body: {} })).status).toBe(
      'preparing',
    );

    const payments = await tavola.listPayments();
    expect(payments.payments).toEqual([]);
    const daily = await tavola.getDailyFigures();
    expect(daily.openBills.count).toBeGreaterThan(0);
    const z = await tavola.getZReport({ query: { date: daily.date } });
    expect(z.date).toBe(daily.date);

    expect([...called].sort()).toEqual(
      Object.values(v1Routes)
        .map((r) => r.operationId)
        .sort(),
    );
  });

  it('answers the rate-limit state and throws refusals with their code', async () => {
    const answer = await tavola.call('v1ListTables');
    // The nearer of the key's two limits: with this test's per-second limit out of the way, the
    // quarter hour's.
    expect(answer.rateLimit.limit).toBe(API_KEY_LIMITS.perWindow);
    expect(answer.rateLimit.remaining).toBeGreaterThanOrEqual(0);
    const missing = await tavola
      .getOrder({ params: { id: '00000000-0000-4000-8000-000000000000' } })
      .catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(TavolaApiError);
    expect((missing as TavolaApiError).status).toBe(404);
    expect((missing as TavolaApiError).code).toBe('ORDER_NOT_FOUND');
  });
});
