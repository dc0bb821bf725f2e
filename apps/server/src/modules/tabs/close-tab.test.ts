import {
  auditRoutes,
  discountsRoutes,
  ordersRoutes,
  paymentsRoutes,
  receiptsRoutes,
  tabsRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diningSessions, events, receipts } from '../../core/db/schema.js';
import { atNoon } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { menuItemByName } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';

/**
 * A tab opened by mistake (or whose orders were all voided) is closed without a payment and
 * without a receipt; a bill with nothing on it is never "paid". A bill comped in full is paid
 * at zero: a receipt that lists the comp.
 */
describe.each(BACKENDS)('Closing a tab on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let espresso: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await atNoon(t);
    espresso = (await menuItemByName(t, 'Espresso')).id;
    api = client(t.app, { accounts: {} });
  });
  afterAll(async () => t?.close());

  const open = async (name: string) => {
    const tab = await api
      .as('waiter1')
      .call(tabsRoutes.openTab, { body: { type: 'bar_tab', name } });
    expect(tab.status, tab.res.body).toBe(201);
    return tab.data.id;
  };
  const ring = async (tabId: string) => {
    const placed = await api.as('waiter1').call(tabsRoutes.placeTabOrder, {
      params: { id: tabId },
      headers: { 'idempotency-key': `close-tab-${Math.random().toString(36).slice(2, 12)}` },
      body: { items: [{ menuItemId: espresso, quantity: 1 }] },
    });
    expect(placed.status, placed.res.body).toBe(201);
    return placed.data;
  };
  const receiptCount = async () => (await t.database.db.select().from(receipts)).length;

  it('an empty tab closes without a payment or a receipt, audited and evented', async () => {
    const tabId = await open('Wrong name');
    const before = await receiptCount();

    // Paying nothing is not a payment: the bill is closed instead.
    const paid = await api
      .as('waiter1')
      .call(paymentsRoutes.recordPayment, { params: { id: tabId }, body: { method: 'cash' } });
    expect(paid.status).toBe(409);
    expect(paid.code).toBe('PAY_BILL_EMPTY');

    const closed = await api.as('waiter1').call(tabsRoutes.closeTab, { params: { id: tabId } });
    expect(closed.status, closed.res.body).toBe(200);
    expect(closed.data).toMatchObject({ id: tabId, name: 'Wrong name', voidedOrders: 0 });

    expect(await receiptCount()).toBe(before);
    const [session] = await t.database.db
      .select()
      .from(diningSessions)
      .where(eq(diningSessions.id, tabId));
    expect(session).toMatchObject({
      status: 'closed',
      closeReason: 'closed_by_staff',
      paymentStatus: 'none',
    });
    const list = await api.as('waiter1').call(tabsRoutes.listTabs);
    expect(list.data.some((x) => x.id === tabId)).toBe(false);
    const stored = await t.database.db.select().from(events).where(eq(events.type, 'tab_closed'));
    expect(stored.map((e) => (e.data as { sessionId: string }).sessionId)).toContain(tabId);
    const audit = await api
      .as('admin1')
      .call(auditRoutes.getAuditLog, { query: { action: 'tab.closed' } });
    expect(audit.data.rows.map((l) => l.entityId)).toContain(tabId);

    // Closed once: a second close, or an order on it, is refused.
    const again = await api.as('waiter1').call(tabsRoutes.closeTab, { params: { id: tabId } });
    expect(again.code).toBe('TAB_CLOSED');
  });

  it('a tab with an unpaid order is not closed; once the order is voided, it is', async () => {
    const tabId = await open('Voided round');
    const placed = await ring(tabId);
    const refused = await api.as('waiter1').call(tabsRoutes.closeTab, { params: { id: tabId } });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('TAB_HAS_UNPAID_ORDERS');
    expect(refused.error).toBe('This tab has 1 unpaid order: take payment, or void it first');

    const voided = await api.as('manager1').call(ordersRoutes.voidOrder, {
      params: { id: placed.orderId },
      body: { reason: 'Rung up on the wrong tab' },
    });
    expect(voided.status, voided.res.body).toBe(200);
    const closed = await api.as('waiter1').call(tabsRoutes.closeTab, { params: { id: tabId } });
    expect(closed.status, closed.res.body).toBe(200);
    expect(closed.data.voidedOrders).toBe(1);
  });

  it("a tab is closed by the bar's staff, not by a role without order entry", async () => {
    const tabId = await open('Kitchen cannot');
    const refused = await api.as('kitchen1').call(tabsRoutes.closeTab, { params: { id: tabId } });
    expect(refused.status).toBe(403);
  });

  it('a bill comped in full is paid at zero, and its receipt lists the comp', async () => {
    const tabId = await open('On the house');
    const placed = await ring(tabId);
    const reasons = await api.as('manager1').call(discountsRoutes.listDiscountReasons);
    const tab = await api.as('manager1').call(tabsRoutes.getTab, { params: { id: tabId } });
    const line = tab.data.orders[0]!.items[0]!;
    const comp = await api.as('manager1').call(discountsRoutes.applyDiscount, {
      params: { id: tabId },
      body: { kind: 'comp', orderItemId: line.id, reasonId: reasons.data[0]!.id },
    });
    expect(comp.status, comp.res.body).toBe(201);
    expect(placed.orderId).toBe(tab.data.orders[0]!.id);

    const paid = await api
      .as('waiter1')
      .call(paymentsRoutes.recordPayment, { params: { id: tabId }, body: { method: 'cash' } });
    expect(paid.status, paid.res.body).toBe(201);
    const receipt = await api
      .as('manager1')
      .call(receiptsRoutes.getReceipt, { query: { number: paid.data.receiptNumber } });
    expect(receipt.data.total).toBe(0);
    expect(receipt.data.discounts).toEqual([
      expect.objectContaining({ label: 'On the house', lineName: 'Espresso' }),
    ]);
  });
});
