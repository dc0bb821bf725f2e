import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  integrationsRoutes,
  paymentsRoutes,
  staffRoutes,
  tablesRoutes,
  v1Routes,
  webhookDataSchemas,
  WEBHOOK_DELIVERY_KEEP_DAYS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  type WebhookPayload,
} from '@tavola/contract';
import { verifyWebhook, WebhookVerificationError } from '@tavola/client';
import { and, desc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { auditLog, events, webhookDeliveries, webhookEndpoints } from '../../core/db/schema.js';
import { placeOrder as placeGuestOrder, tableId } from '../../testing/business-day.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { deliverDue, delivererFor, pruneDeliveries } from './webhook-delivery.js';

/** What the local receiver got: the raw body and the Standard Webhooks headers. */
interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/**
 * A real HTTP receiver on this machine. `answer` decides each request's status (it has read the
 * request first, as a receiver that fails after seeing a message does).
 */
async function startReceiver() {
  const received: Received[] = [];
  let answer: (r: Received) => number | Promise<number> = () => 200;
  let open = 0;
  let mostOpen = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        path: req.url ?? '',
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      mostOpen = Math.max(mostOpen, ++open);
      void Promise.resolve(answer(r)).then((status) => {
        open--;
        res.statusCode = status;
        res.end(res.statusCode < 300 ? 'ok' : 'not now');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerWith(fn: (r: Received) => number | Promise<number>) {
      answer = fn;
    },
    /** The most requests it held unanswered at once since the last call. */
    takeMostOpen() {
      const most = mostOpen;
      mostOpen = open;
      return most;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Verifies a delivery with the standardwebhooks package's own verifier; its payload. */
function verify(secret: string, r: Received): WebhookPayload {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': r.id,
    'webhook-timestamp': r.timestamp,
    'webhook-signature': r.signature,
  }) as WebhookPayload;
}

describe.each(BACKENDS)('Webhooks on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let receiver: Receiver;
  let orderKey: string;
  const config = testConfig({ webhooks: { allowLoopbackHttp: true } });
  const ctx = () => ({ db: t.app.db, bus: t.app.bus, config, log: t.app.log });

  /** Waits until every event so far has been turned into deliveries and those were sent. */
  const settle = async () => {
    await t.app.consumers.runPending();
    await delivererFor(ctx()).idle();
  };

  /** Places an order of one Caesar Salad through the public API; its id. */
  const placeOrder = async () => {
    const table = (await api.as(orderKey).call(v1Routes.v1ListTables)).data.tables[0]!;
    const menu = await api.as(orderKey).call(v1Routes.v1ListMenu);
    const item = menu.data.items.find((i) => i.available && i.name === 'Caesar Salad')!;
    const placed = await api.as(orderKey).call(v1Routes.v1CreateOrder, {
      body: { tableId: table.id, items: [{ menuItemId: item.id, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    return placed.data.order.id;
  };

  const register = async (body: object = {}) => {
    const res = await api.as('admin1').call(integrationsRoutes.createWebhook, {
      body: { url: receiver.url, ...body },
    });
    expect(res.status).toBe(201);
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {
      webhooks: { allowLoopbackHttp: true },
      // The key's per-second limit is not under test here (api-keys.test.ts has it): on a fast
      // machine these tests' own v1 calls passed 20 a second and were refused.
      rateLimits: { ...testConfig().rateLimits, apiKeyPerSecond: 10_000 },
    });
    api = client(t.app);
    orderKey = (
      await api.as('admin1').call(integrationsRoutes.createApiKey, {
        body: { name: 'orders', scopes: ['orders:write', 'tables:read', 'menu:read'] },
      })
    ).data.key;
  });
  afterAll(async () => t?.close());

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  afterEach(async () => {
    // Each test starts with no endpoint and a receiver that answers 200.
    await settle();
    await t.database.db.delete(webhookEndpoints);
    receiver.received.length = 0;
    receiver.answerWith(() => 200);
  });

  it('registers an endpoint for an admin only, shows its secret once, and stores it encrypted', async () => {
    const created = await register({ eventTypes: ['order.created'], description: 'Accounting' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));
    const list = await api.as('manager1').call(integrationsRoutes.listWebhooks);
    expect(list.status).toBe(200);
    expect(list.res.body).not.toContain(created.secret);
    expect(list.data.endpoints[0]).toMatchObject({
      id: created.id,
      eventTypes: ['order.created'],
      enabled: true,
      secretHint: `${created.secret.slice(0, 10)}…`,
    });
    const byManager = await api
      .as('manager1')
      .call(integrationsRoutes.createWebhook, { body: { url: receiver.url } });
    expect(byManager.status).toBe(403);
    expect((await api.as('waiter1').call(integrationsRoutes.listWebhooks)).status).toBe(403);
    const patched = await api.as('manager1').call(integrationsRoutes.updateWebhook, {
      params: { id: created.id },
      body: { enabled: false },
    });
    expect(patched.status).toBe(403);
  });

  it('refuses http to anything but loopback, and private addresses', async () => {
    for (const [url, code] of [
      ['http://example.com/hook', 'WEBHOOK_URL_NOT_HTTPS'],
      ['ftp://example.com/hook', 'WEBHOOK_URL_NOT_HTTPS'],
      ['https://10.1.2.3/hook', 'WEBHOOK_URL_NOT_PUBLIC'],
      ['https://[fd00::1]/hook', 'WEBHOOK_URL_NOT_PUBLIC'],
      ['https://169.254.169.254/latest', 'WEBHOOK_URL_NOT_PUBLIC'],
    ] as const) {
      const res = await api.as('admin1').call(integrationsRoutes.createWebhook, { body: { url } });
      expect(res.code, url).toBe(code);
      expect(res.status, url).toBe(400);
    }
  });

  it('delivers every subscribed event, signed by Standard Webhooks, to a real receiver', async () => {
    const all = await register({ url: `${receiver.url}/all` });
    const onlyOrders = await register({
      url: `${receiver.url}/orders`,
      eventTypes: ['order.created'],
    });
    const orderId = await placeOrder();
    await settle();
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, t.restaurantId), eq(events.type, 'order_placed')))
      .orderBy(desc(events.seq))
      .limit(1);
    const deliveries = await t.database.db.select().from(webhookDeliveries);
    const toAll = deliveries.filter((d) => d.endpointId === all.id);
    const toOrders = deliveries.filter((d) => d.endpointId === onlyOrders.id);
    expect(toAll.map((d) => d.eventType).sort()).toEqual(['order.created', 'ticket.created']);
    expect(toOrders.map((d) => d.eventType)).toEqual(['order.created']);
    expect(deliveries.every((d) => d.status === 'succeeded' && d.responseStatus === 200)).toBe(
      true,
    );
    expect(receiver.received).toHaveLength(3);
    // Each one verifies with its own endpoint's secret, and not with the other's.
    const payloads = receiver.received.map((r) => {
      const [mine, theirs] = r.path.endsWith('/all')
        ? [all.secret, onlyOrders.secret]
        : [onlyOrders.secret, all.secret];
      expect(() => verify(theirs, r)).toThrow();
      return verify(mine, r);
    });
    // The client's helper verifies the same way, from headers as a framework hands them over.
    const first = receiver.received.find((r) => r.path.endsWith('/orders'))!;
    const headers = {
      'Webhook-Id': first.id,
      'Webhook-Timestamp': first.timestamp,
      'Webhook-Signature': [first.signature],
    };
    expect(verifyWebhook(first.body, headers, onlyOrders.secret).type).toBe('order.created');
    expect(() => verifyWebhook(`${first.body} `, headers, onlyOrders.secret)).toThrow(
      WebhookVerificationError,
    );
    const created = payloads.find((p) => p.type === 'order.created')!;
    expect(created).toMatchObject({ version: 'v1', restaurantId: t.restaurantId });
    expect(created.type === 'order.created' && created.data).toMatchObject({
      orderId,
      currency: 'eur',
      items: [{ name: 'Caesar Salad', quantity: 1 }],
    });
    if (created.type === 'order.created')
      expect(Number.isInteger(created.data.totalCents)).toBe(true);
    // The webhook-id comes from the event's id.
    expect(receiver.received.map((r) => r.id)).toContain(`evt_${event!.id}`);
    const log = await api
      .as('manager1')
      .call(integrationsRoutes.listWebhookDeliveries, { params: { id: all.id } });
    expect(log.data.deliveries).toHaveLength(2);
    expect(log.data.deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(log.data.deliveries[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(log.data.deliveries[0]!.responseBody).toBe('ok');
  });

  it('retries a receiver that fails for a while: it gets every event, each verified, dedupable by id', async () => {
    const endpoint = await register();
    let failuresLeft = 7;
    receiver.answerWith(() => (failuresLeft-- > 0 ? 503 : 200));
    for (let i = 0; i < 3; i++) await placeOrder();
    await settle();
    // Six deliveries (an order and its ticket, three times), each tried at least once.
    let pending = await t.database.db.select().from(webhookDeliveries);
    expect(pending).toHaveLength(6);
    expect(pending.every((d) => d.attempts >= 1)).toBe(true);
    expect(pending.some((d) => d.status === 'pending' && d.responseBody === 'not now')).toBe(true);
    // Time passes along the retry schedule; each step sends what is due.
    let now = Date.now();
    for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS.slice(0, 4)) {
      now += delay * 1000;
      await deliverDue(ctx(), new Date(now));
    }
    pending = await t.database.db.select().from(webhookDeliveries);
    expect(pending.every((d) => d.status === 'succeeded')).toBe(true);
    const ids = new Set(pending.map((d) => d.messageId));
    expect(ids.size).toBe(6);
    // Every message arrived, some more than once; each copy verifies and carries the same id.
    const byId = new Map<string, string[]>();
    for (const r of receiver.received) {
      const payload = verify(endpoint.secret, r);
      expect(payload.version).toBe('v1');
      byId.set(r.id, [...(byId.get(r.id) ?? []), r.body]);
    }
    expect(new Set(byId.keys())).toEqual(ids);
    expect(receiver.received.length).toBe(6 + 7);
    for (const bodies of byId.values()) expect(new Set(bodies).size).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.failingSince).toBeNull();
    expect(row!.enabled).toBe(true);
  });

  it('delivers in order to an endpoint that asks for it: a failing event holds the ones after it', async () => {
    await register({ ordered: true });
    let hold = true;
    receiver.answerWith(() => (hold ? 500 : 200));
    for (let i = 0; i < 2; i++) await placeOrder();
    await settle();
    // Only the first event was tried (maybe more than once); the rest wait behind it.
    const held = new Set(receiver.received.map((r) => r.id));
    expect(held.size).toBe(1);
    hold = false;
    const tries = receiver.received.length;
    await deliverDue(ctx(), new Date(Date.now() + 3600_000));
    const after = receiver.received.slice(tries).map((r) => Number(r.id.replace('evt_', '')));
    expect(after).toHaveLength(4);
    expect(`evt_${after[0]}`).toBe([...held][0]);
    expect(after).toEqual([...after].sort((a, b) => a - b));
  });

  it('sends an unordered endpoint its deliveries at once, not one after another', async () => {
    const endpoint = await register({ eventTypes: ['order.created', 'ticket.created'] });
    // Holds every request until three are open together (then answers at once): sent one at a
    // time, the first would wait out its attempt's timeout and fail.
    const held: (() => void)[] = [];
    let together = false;
    receiver.answerWith(
      () =>
        new Promise<number>((resolve) => {
          held.push(() => resolve(200));
          if (held.length >= 3) together = true;
          if (together) for (const release of held.splice(0)) release();
        }),
    );
    for (let i = 0; i < 2; i++) await placeOrder();
    await settle();
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows).toHaveLength(4);
    expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    expect(receiver.takeMostOpen()).toBeGreaterThanOrEqual(3);
  });

  it('never has two deliveries in flight to an endpoint that asks for order', async () => {
    await register({ ordered: true });
    receiver.takeMostOpen();
    for (let i = 0; i < 3; i++) await placeOrder();
    await settle();
    await deliverDue(ctx());
    expect(receiver.received).toHaveLength(6);
    expect(receiver.takeMostOpen()).toBe(1);
    const seqs = receiver.received.map((r) => Number(r.id.replace('evt_', '')));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('signs with both secrets during a roll’s overlap, and with the new one alone after', async () => {
    const endpoint = await register();
    const rolled = await api.as('admin1').call(integrationsRoutes.rollWebhookSecret, {
      params: { id: endpoint.id },
      body: { overlapHours: 24 },
    });
    expect(rolled.status).toBe(200);
    expect(rolled.data.secret).not.toBe(endpoint.secret);
    expect(rolled.data.previousSecretUntil).not.toBeNull();
    const test = await api
      .as('admin1')
      .call(integrationsRoutes.sendTestWebhook, { params: { id: endpoint.id } });
    expect(test.data).toMatchObject({ status: 'succeeded', eventType: 'webhook.test' });
    const during = receiver.received.at(-1)!;
    expect(during.signature.split(' ')).toHaveLength(2);
    expect(verify(endpoint.secret, during).type).toBe('webhook.test');
    expect(verify(rolled.data.secret, during).type).toBe('webhook.test');
    await api.as('admin1').call(integrationsRoutes.rollWebhookSecret, {
      params: { id: endpoint.id },
      body: { overlapHours: 0 },
    });
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.previousSecretEncrypted).toBeNull();
  });

  it('redelivers one delivery, and a time range, with the same webhook-id', async () => {
    const endpoint = await register({ eventTypes: ['order.created'] });
    await placeOrder();
    await settle();
    const [delivery] = (
      await api
        .as('admin1')
        .call(integrationsRoutes.listWebhookDeliveries, { params: { id: endpoint.id } })
    ).data.deliveries;
    const again = await api.as('admin1').call(integrationsRoutes.redeliverWebhook, {
      params: { id: endpoint.id, deliveryId: delivery!.id },
    });
    expect(again.status).toBe(200);
    await settle();
    const range = await api.as('admin1').call(integrationsRoutes.redeliverWebhookRange, {
      params: { id: endpoint.id },
      body: {
        since: new Date(Date.now() - 3600_000).toISOString(),
        until: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    expect(range.data.count).toBe(1);
    await settle();
    expect(receiver.received.map((r) => r.id)).toEqual([
      delivery!.messageId,
      delivery!.messageId,
      delivery!.messageId,
    ]);
    for (const r of receiver.received) verify(endpoint.secret, r);
    const byManager = await api.as('manager1').call(integrationsRoutes.redeliverWebhook, {
      params: { id: endpoint.id, deliveryId: delivery!.id },
    });
    expect(byManager.status).toBe(403);
  });

  it('turns an endpoint off after a day of failures, with an audit entry and a notice', async () => {
    const endpoint = await register({ eventTypes: ['order.created'] });
    receiver.answerWith(() => 500);
    await placeOrder();
    await settle();
    const start = Date.now();
    // Still failing 25 hours on (the fifth retry is due by then): off.
    await deliverDue(ctx(), new Date(start + 25 * 3600_000));
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.disabled'), eq(auditLog.entityId, endpoint.id)));
    expect(entry!.details).toMatchObject({ reason: 'failing', by: 'system' });
    const notices = await t.database.db
      .select()
      .from(events)
      .where(eq(events.type, 'webhook_endpoint_disabled'));
    expect(notices.map((n) => (n.data as { endpointId: string }).endpointId)).toContain(
      endpoint.id,
    );
    // Off: new events are not queued for it.
    const before = receiver.received.length;
    await placeOrder();
    await settle();
    expect(receiver.received.length).toBe(before);
    const listed = (await api.as('manager1').call(integrationsRoutes.listWebhooks)).data
      .endpoints[0]!;
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'failing' });
  });

  it('delivers a capture, a refund and a table changing hands as public v1 payloads', async () => {
    const endpoint = await register({
      eventTypes: ['payment.captured', 'payment.refunded', 'table.assigned'],
    });
    const created = await api.as('manager1').call(staffRoutes.createStaff, {
      body: {
        name: 'Anna Verdi',
        username: `anna-${backend}`,
        password: 'waiter-secret',
        role: 'waiter',
        status: 'active',
      },
    });
    expect(created.status, created.res.body).toBe(201);
    const order = await placeGuestOrder(t, 'QR-T7', [['Caesar Salad', 1]]);
    const table = await tableId(t, 'QR-T7');
    const claimed = await api
      .as('waiter1')
      .call(tablesRoutes.claimTable, { params: { id: table } });
    expect(claimed.status, claimed.res.body).toBe(200);
    const moved = await api.as('manager1').call(tablesRoutes.reassignTable, {
      params: { id: table },
      body: { waiterId: created.data.id },
    });
    expect(moved.status, moved.res.body).toBe(200);
    const paid = await api.as('manager1').call(paymentsRoutes.recordPayment, {
      params: { id: order.sessionId },
      body: { method: 'card', tip: 1 },
    });
    expect(paid.status, paid.res.body).toBe(201);
    const refunded = await api.as('manager1').call(paymentsRoutes.refundPayment, {
      params: { id: paid.data.paymentId },
      body: { amount: 2.5, tip: 0.5, reason: 'Cold soup' },
    });
    expect(refunded.status, refunded.res.body).toBe(201);
    await settle();

    const payloads = receiver.received.map((r) => verify(endpoint.secret, r));
    expect(payloads.map((p) => p.type).sort()).toEqual([
      'payment.captured',
      'payment.refunded',
      'table.assigned',
    ]);
    for (const p of payloads) {
      expect(p).toMatchObject({ version: 'v1', restaurantId: t.restaurantId });
      // Exactly the published shape: nothing internal leaks through.
      expect(webhookDataSchemas[p.type].strict().parse(p.data)).toEqual(p.data);
    }
    const assigned = payloads.find((p) => p.type === 'table.assigned')!;
    expect(assigned.data).toEqual({
      tableId: table,
      tableNumber: 7,
      status: expect.any(String),
      from: { id: expect.any(String), name: 'Marco Rossi' },
      to: { id: created.data.id, name: 'Anna Verdi' },
      via: 'manager',
    });
    // The capture names its payment, so a refund's paymentId can be matched to it.
    const captured = payloads.find((p) => p.type === 'payment.captured')!;
    expect(captured.data).toMatchObject({
      sessionId: order.sessionId,
      paymentId: paid.data.paymentId,
      tableNumber: 7,
      method: 'card',
    });
    const refund = payloads.find((p) => p.type === 'payment.refunded')!;
    expect(refund.data).toEqual({
      sessionId: order.sessionId,
      paymentId: paid.data.paymentId,
      refundId: refunded.data.refundId,
      tableId: table,
      tableNumber: 7,
      tabName: null,
      amountCents: 250,
      tipCents: 50,
      method: 'card',
      currency: 'eur',
      status: 'partially_refunded',
    });
  });

  it('prunes finished deliveries older than the log keeps them, never a pending one', async () => {
    const endpoint = await register({ eventTypes: ['order.created'] });
    const day = 86_400_000;
    const now = Date.now();
    const old = new Date(now - (WEBHOOK_DELIVERY_KEEP_DAYS + 1) * day);
    const recent = new Date(now - (WEBHOOK_DELIVERY_KEEP_DAYS - 1) * day);
    const row = (messageId: string, status: string, at: Date) => ({
      restaurantId: t.restaurantId,
      endpointId: endpoint.id,
      messageId,
      eventType: 'order.created',
      payload: {},
      status,
      attempts: 1,
      createdAt: at,
      lastAttemptAt: status === 'pending' ? null : at,
      // Not due: the deliverer leaves the pending one alone while this test runs.
      nextAttemptAt: status === 'pending' ? new Date(now + day) : null,
    });
    await t.database.db.insert(webhookDeliveries).values([
      row('evt_old_ok', 'succeeded', old),
      row('evt_old_failed', 'failed', old),
      row('evt_old_pending', 'pending', old),
      row('evt_recent_ok', 'succeeded', recent),
      // Created long ago, but its last attempt (a redelivery) was recent: kept.
      { ...row('evt_redelivered', 'succeeded', old), lastAttemptAt: recent },
    ]);
    expect(await pruneDeliveries({ db: t.app.db }, WEBHOOK_DELIVERY_KEEP_DAYS, new Date(now))).toBe(
      2,
    );
    const left = await t.database.db
      .select({ messageId: webhookDeliveries.messageId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(left.map((d) => d.messageId).sort()).toEqual([
      'evt_old_pending',
      'evt_recent_ok',
      'evt_redelivered',
    ]);
  });

  it("keeps another restaurant's admin away from the endpoints", async () => {
    const endpoint = await register();
    const other = await createOtherRestaurant(t, { roles: ['admin', 'manager'] });
    const theirs = api.as(other.tokens.admin!);
    expect((await theirs.call(integrationsRoutes.listWebhooks)).data.endpoints).toEqual([]);
    const params = { id: endpoint.id };
    for (const res of [
      await theirs.call(integrationsRoutes.updateWebhook, { params, body: { enabled: false } }),
      await theirs.call(integrationsRoutes.deleteWebhook, { params }),
      await theirs.call(integrationsRoutes.rollWebhookSecret, { params, body: {} }),
      await theirs.call(integrationsRoutes.sendTestWebhook, { params }),
      await theirs.call(integrationsRoutes.listWebhookDeliveries, { params }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.code).toBe('WEBHOOK_NOT_FOUND');
    }
    expect(receiver.received).toHaveLength(0);
  });
});

describe('Webhooks with loopback http off (production)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('refuses to register a local receiver, and never delivers to a private address', async () => {
    const api = client(t.app);
    const res = await api
      .as('admin1')
      .call(integrationsRoutes.createWebhook, { body: { url: receiver.url } });
    expect(res.code).toBe('WEBHOOK_URL_NOT_HTTPS');
    const local = await api.as('admin1').call(integrationsRoutes.createWebhook, {
      body: { url: receiver.url.replace('http:', 'https:') },
    });
    expect(local.code).toBe('WEBHOOK_URL_NOT_PUBLIC');
    // A public-looking name that now resolves inside (here: the endpoint's row says so outright):
    // the outbound fetch checks the address on every delivery and refuses it.
    const created = await api.as('admin1').call(integrationsRoutes.createWebhook, {
      body: { url: 'https://example.com/hook' },
    });
    await t.database.db
      .update(webhookEndpoints)
      .set({ url: receiver.url.replace('http:', 'https:') })
      .where(eq(webhookEndpoints.id, created.data.id));
    const test = await api
      .as('admin1')
      .call(integrationsRoutes.sendTestWebhook, { params: { id: created.data.id } });
    expect(test.data.status).toBe('pending');
    expect(test.data.error).toMatch(/^address: /);
    expect(receiver.received).toHaveLength(0);
  });
});
