import { paymentsRoutes, receiptsRoutes } from '@tavola/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counters, receipts } from '../../core/db/schema.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { pdfInfo } from '../../testing/pdf-text.js';
import { atNoon, placeOrder, setCharges } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';

const cents = (amount: number) => Math.round(amount * 100);

describe.each(BACKENDS)('Receipts on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  let waiter: string;
  let kitchen: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await atNoon(t);
    manager = await signInAs(t, 'manager');
    waiter = await signInAs(t, 'waiter');
    kitchen = await signInAs(t, 'kitchen');
  });
  afterAll(async () => t?.close());

  // Sent unchecked: some tests send ids and queries the routes must refuse.
  const guestReceipt = (token: string, sessionId: string, format = 'json') =>
    api.send(receiptsRoutes.getGuestReceipt, { query: { token, sessionId, format } });
  const staffReceipt = (bearer: string, query: string) =>
    api
      .as(bearer)
      .send(receiptsRoutes.getReceipt, { query: Object.fromEntries(new URLSearchParams(query)) });

  it('itemises a paid bill: restaurant, table, lines, service, tax, tip, total, method, time, number', async () => {
    const before = Date.now();
    // 10% tax added, 12.5% service charge: 2 × €2.20 + €12.50 = €16.90 at menu prices.
    await setCharges(t, { taxRateBps: 1000, serviceChargeBps: 1250, pricesIncludeTax: false });
    const first = await placeOrder(t, 'QR-T1', [
      ['Espresso', 2],
      ['Classic Burger', 1],
    ]);
    const second = await placeOrder(t, 'QR-T1', [['Espresso', 1]]);
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: first.sessionId },
      body: { method: 'card', tip: 1.5 },
    });
    expect(paid.status, paid.res.body).toBe(201);
    const { receiptNumber } = paid.data;

    const res = await guestReceipt('QR-T1', first.sessionId);
    expect(res.status, res.res.body).toBe(200);
    const r = res.data;
    expect(r).toMatchObject({
      number: receiptNumber,
      restaurantName: 'Tavola Demo Bistro',
      tableNumber: 1,
      sessionId: first.sessionId,
      orderNumbers: [first.order_number, second.order_number],
      currency: 'eur',
      method: 'card',
      tip: 1.5,
      pricesIncludeTax: false,
      serviceChargeRate: 12.5,
      servedBy: 'Sofia Conti',
    });
    // The same item at the same price is one line; an order's lines by name.
    expect(r.lines).toEqual([
      { name: 'Classic Burger', quantity: 1, unitPrice: 12.5, lineTotal: 12.5 },
      { name: 'Espresso', quantity: 3, unitPrice: 2.2, lineTotal: 6.6 },
    ]);
    expect(r.itemsTotal).toBe(19.1);
    // Per line: espresso ×2 (4.40: service 0.55, tax 0.50), burger (12.50: 1.56, 1.41),
    // espresso ×1 (2.20: 0.28, 0.25).
    expect(r).toMatchObject({ net: 19.1, service: 2.39, tax: 2.16, total: 23.65, paid: 25.15 });
    expect(r.serviceAdded).toBe(2.39);
    expect(r.taxes).toEqual([{ rate: 10, base: 21.49, tax: 2.16 }]);
    expect(cents(r.itemsTotal) + cents(r.serviceAdded) + cents(r.tax)).toBe(cents(r.total));
    // What the payment recorded.
    expect(new Date(r.issuedAt).getTime()).toBeGreaterThanOrEqual(before);
    expect(new Date(r.issuedAt).getTime()).toBeLessThanOrEqual(Date.now());

    // Staff reprint it by number or by either order; waiters may, kitchen may not.
    for (const query of [
      `number=${receiptNumber}`,
      `orderNumber=${first.order_number}`,
      `orderNumber=${second.order_number}`,
    ]) {
      const copy = await staffReceipt(waiter, query);
      expect(copy.status, copy.res.body).toBe(200);
      expect(copy.data).toEqual(r);
    }
    expect((await staffReceipt(kitchen, `number=${receiptNumber}`)).status).toBe(403);
    expect((await staffReceipt(manager, 'number=1&orderNumber=2')).status).toBe(400);
    expect((await staffReceipt(manager, '')).status).toBe(400);
    expect((await staffReceipt(manager, 'number=99999')).status).toBe(404);
  });

  it('shows where prices include tax what the service charge adds, and the tax within', async () => {
    await setCharges(t, { taxRateBps: 1000, serviceChargeBps: 1000, pricesIncludeTax: true });
    const order = await placeOrder(t, 'QR-T2', [['Classic Burger', 2]]);
    expect(
      (
        await api.as(manager).call(paymentsRoutes.recordPayment, {
          params: { id: order.sessionId },
          body: { method: 'cash' },
        })
      ).status,
    ).toBe(201);
    const r = (await guestReceipt('QR-T2', order.sessionId)).data;
    // €25.00 of burgers and 10% service: €27.50, of which 10/110 is tax.
    expect(r).toMatchObject({ itemsTotal: 25, serviceAdded: 2.5, total: 27.5, tax: 2.5, tip: 0 });
    expect(cents(r.net) + cents(r.service) + cents(r.tax)).toBe(cents(r.total));
    expect(r.taxes).toEqual([{ rate: 10, base: 25, tax: 2.5 }]);
  });

  it('is a PDF for the guest, and a copy for staff', async () => {
    await setCharges(t, { taxRateBps: 850, serviceChargeBps: 0, pricesIncludeTax: true });
    const order = await placeOrder(t, 'QR-T3', [['Chef’s Tasting Plate', 1]]);
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: order.sessionId },
      body: { method: 'card' },
    });
    const { receiptNumber } = paid.data;
    for (const res of [
      await guestReceipt('QR-T3', order.sessionId, 'pdf'),
      await staffReceipt(manager, `number=${receiptNumber}&format=pdf`),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`receipt-${receiptNumber}.pdf`);
      const pdf = pdfInfo(res.res.rawPayload);
      expect(pdf.pages).toBe(1);
      expect(pdf.title).toBe(`Tavola Demo Bistro receipt ${receiptNumber}`);
    }
  }, 30_000);

  it("gives a receipt only to that visit's page, and staff only their restaurant's", async () => {
    const order = await placeOrder(t, 'QR-T4', [['Espresso', 1]]);
    // Not paid yet: no receipt.
    expect((await guestReceipt('QR-T4', order.sessionId)).status).toBe(404);
    expect((await staffReceipt(manager, `orderNumber=${order.order_number}`)).error).toBe(
      `Order #${order.order_number} has no receipt: its bill is not paid`,
    );
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: order.sessionId },
      body: { method: 'cash' },
    });
    const { receiptNumber } = paid.data;
    expect((await guestReceipt('QR-T4', order.sessionId)).status).toBe(200);
    // Another table's code with this visit's id, or this table's code with a made-up id.
    expect((await guestReceipt('QR-T5', order.sessionId)).status).toBe(404);
    expect((await guestReceipt('QR-T4', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await guestReceipt('QR-T4', 'not-an-id')).status).toBe(400);
    expect((await guestReceipt('NOPE', order.sessionId)).status).toBe(404);

    const other = await createOtherRestaurant(t, { roles: ['manager', 'waiter'] });
    for (const token of [other.tokens.manager!, other.tokens.waiter!]) {
      expect((await staffReceipt(token, `number=${receiptNumber}`)).status).toBe(404);
      expect((await staffReceipt(token, `orderNumber=${order.order_number}`)).status).toBe(404);
    }
    expect(
      (await api.call(receiptsRoutes.getReceipt, { query: { number: receiptNumber } })).status,
    ).toBe(401);
  });
});

describe.each(BACKENDS)('Receipt numbers on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    await atNoon(t);
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => {
    await t?.database.db.execute(sql`drop trigger if exists refuse_receipt on receipts`);
    await t?.close();
  });

  const numbers = async (restaurantId = t.restaurantId) =>
    (
      await t.database.db
        .select({ n: receipts.number })
        .from(receipts)
        .where(eq(receipts.restaurantId, restaurantId))
    )
      .map((r) => r.n)
      .sort((a, b) => a - b);

  it('follow one another with no gaps under concurrent payments, per restaurant', async () => {
    const sessions: string[] = [];
    for (let n = 1; n <= 12; n++) {
      sessions.push((await placeOrder(t, `QR-T${n}`, [['Espresso', n]])).sessionId);
    }
    const paid = await Promise.all(
      sessions.map((id, i) =>
        api.as(manager).call(paymentsRoutes.recordPayment, {
          params: { id: id },
          body: { method: i % 2 ? 'cash' : 'card', tip: i },
        }),
      ),
    );
    for (const res of paid) expect(res.status, res.res.body).toBe(201);
    const given = paid.map((r) => r.data.receiptNumber);
    expect([...given].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await numbers()).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));

    // Another restaurant counts from 1 on its own.
    const other = await createOtherRestaurant(t, { roles: ['manager'] });
    const [row] = await t.database.db
      .select()
      .from(counters)
      .where(eq(counters.restaurantId, other.id));
    expect(row).toBeUndefined();
  }, 60_000);

  it('a payment that rolls back gives its number back', async () => {
    const before = await numbers();
    const next = before.length + 1;
    const doomed = await placeOrder(t, 'QR-T1', [['Espresso', 1]]);
    const fine = await placeOrder(t, 'QR-T2', [['Espresso', 1]]);
    // The receipt insert fails for this one session: the payment's whole transaction rolls back
    // after its number was taken.
    await t.database.db.execute(
      sql.raw(`create or replace function refuse_receipt() returns trigger language plpgsql as $$
        begin
          if new.dining_session_id = '${doomed.sessionId}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql`create trigger refuse_receipt before insert on receipts for each row execute function refuse_receipt()`,
    );
    const failed = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: doomed.sessionId },
      body: { method: 'card' },
    });
    expect(failed.status).toBe(500);
    await t.database.db.execute(sql`drop trigger refuse_receipt on receipts`);

    const ok = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: fine.sessionId },
      body: { method: 'card' },
    });
    expect(ok.data.receiptNumber).toBe(next);
    const retried = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: doomed.sessionId },
      body: { method: 'card' },
    });
    expect(retried.data.receiptNumber).toBe(next + 1);
    expect(await numbers()).toEqual(Array.from({ length: next + 1 }, (_, i) => i + 1));
  });
});
