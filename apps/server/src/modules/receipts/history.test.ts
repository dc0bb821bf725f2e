import { paymentsRoutes, receiptsRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../core/db/seed-history.js';
import { orders, payments, receipts } from '../../core/db/schema.js';
import { placeOrder } from '../../testing/business-day.js';
import { signInAs } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

describe("the demo's history has its receipts", () => {
  let t: TestApp;
  let api: Client;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    api = client(t.app);
    await t.database.db.transaction((tx) => seedDemoHistory(tx, t.restaurantId, 3));
    manager = await signInAs(t, 'manager');
  }, 60_000);
  afterAll(async () => t?.close());

  it('numbers them from 1 in the order the bills were paid, each the payment it records', async () => {
    const rows = await t.database.db
      .select({ receipt: receipts, payment: payments })
      .from(receipts)
      .innerJoin(payments, eq(receipts.paymentId, payments.id))
      .where(eq(receipts.restaurantId, t.restaurantId))
      .orderBy(receipts.number);
    const count = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.restaurantId, t.restaurantId));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toHaveLength(count.length);
    rows.forEach(({ receipt, payment }, i) => {
      expect(receipt.number).toBe(i + 1);
      expect(Math.round(receipt.content.total * 100)).toBe(payment.amountCents);
      expect(Math.round(receipt.content.tip * 100)).toBe(payment.tipCents);
      expect(receipt.content.method).toBe(payment.method);
      expect(receipt.issuedAt.getTime()).toBe(payment.createdAt.getTime());
      if (i > 0) expect(receipt.issuedAt >= rows[i - 1]!.receipt.issuedAt).toBe(true);
    });

    // The order history's Receipt button finds a past order's receipt.
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.diningSessionId, rows[0]!.receipt.diningSessionId));
    const copy = await api
      .as(manager)
      .call(receiptsRoutes.getReceipt, { query: { orderNumber: String(order!.orderNumber) } });
    expect(copy.status, copy.res.body).toBe(200);
    expect(copy.data.number).toBe(1);

    // A live payment continues the numbering.
    const live = await placeOrder(t, 'QR-T1', [['Espresso', 1]]);
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: live.sessionId },
      body: { method: 'cash' },
    });
    expect(paid.data.receiptNumber).toBe(rows.length + 1);
  });
});
