import { integrationsRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../core/db/schema.js';
import { client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { anyDeliveryDue } from './webhook-delivery.js';

/** The deliver-due job is offered only when this read finds a delivery due: it must not miss one. */
describe.each(BACKENDS)('whether any webhook delivery is due (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { webhooks: { allowLoopbackHttp: true } });
  });
  afterAll(() => t?.close());

  it('finds a pending delivery once it is due, and nothing else', async () => {
    const ctx = { db: t.app.db };
    expect(await anyDeliveryDue(ctx)).toBe(false);
    const endpoint = await client(t.app)
      .as('admin1')
      .call(integrationsRoutes.createWebhook, { body: { url: 'http://127.0.0.1:9/hook' } });
    expect(endpoint.status).toBe(201);
    const [delivery] = await t.database.db
      .insert(webhookDeliveries)
      .values({
        restaurantId: t.restaurantId,
        endpointId: endpoint.data.id,
        messageId: 'evt_due_offer',
        eventType: 'order.created',
        payload: {},
        nextAttemptAt: new Date(Date.now() + 60_000),
      })
      .returning();
    // Its retry is a minute away: not due yet.
    expect(await anyDeliveryDue(ctx)).toBe(false);
    await t.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(await anyDeliveryDue(ctx)).toBe(true);
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: 'succeeded' })
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(await anyDeliveryDue(ctx)).toBe(false);
  });
});
