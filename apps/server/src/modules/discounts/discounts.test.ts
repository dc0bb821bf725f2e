import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  auditRoutes,
  businessDaysRoutes,
  diningSessionsRoutes,
  discountsRoutes,
  floorRoutes,
  ordersRoutes,
  paymentsRoutes,
  receiptsRoutes,
  staffRoutes,
  tablesRoutes,
  tabsRoutes,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orderItems, tables, users } from '../../core/db/schema.js';
import { atNoon, placeOrder, setCharges } from '../../testing/business-day.js';
import { menuItemByName } from '../../testing/fixtures.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { pdfText } from '../../testing/pdf-text.js';

const cents = (amount: number) => Math.round(amount * 100);
const HAS_HLEDGER = spawnSync('hledger', ['--version'], { encoding: 'utf8' }).status === 0;

describe.each(BACKENDS)('Discounts and comps on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let reasons: Record<string, string>;
  let waiterId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await atNoon(t);
    api = client(t.app);
    const listed = await api.as('manager1').call(discountsRoutes.listDiscountReasons);
    expect(listed.status).toBe(200);
    reasons = Object.fromEntries(listed.data.map((r) => [r.name, r.id]));
    const [waiter] = await t.database.db.select().from(users).where(eq(users.username, 'waiter1'));
    waiterId = waiter!.id;
  }, 60_000);
  afterAll(async () => t?.close());

  const lineId = async (orderId: string, name: string) => {
    const [row] = await t.database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.name, name)));
    return row!.id;
  };
  // Written directly, as an admin's change would be, so the app's cached token check is dropped.
  const grant = async (permissions: string[]) => {
    await t.database.db
      .update(users)
      .set({ extraPermissions: permissions })
      .where(eq(users.id, waiterId));
    t.forgetCaches();
  };
  const tableIdOf = async (token: string) => {
    const [row] = await t.database.db.select().from(tables).where(eq(tables.qrToken, token));
    return row!.id;
  };

  it('comps a line and takes 10% off the bill: tax on the discounted amounts, in both currencies, on the bill, the payment, the receipt, the Z report and the journal', async () => {
    // 10% tax added and a 12.5% service charge.
    await setCharges(t, { taxRateBps: 1000, serviceChargeBps: 1250, pricesIncludeTax: false });
    const placed = await placeOrder(t, 'QR-T1', [
      ['Classic Burger', 2],
      ['Tiramisu', 1],
      ['Espresso', 2],
    ]);
    const manager = api.as('manager1');
    const comp = await manager.call(discountsRoutes.applyDiscount, {
      params: { id: placed.sessionId },
      body: {
        kind: 'comp',
        orderItemId: await lineId(placed.orderId, 'Tiramisu'),
        reasonId: reasons['Kitchen mistake']!,
      },
    });
    expect(comp.status, comp.res.body).toBe(201);
    // 7.00 with its service charge (0.88) and tax (0.79).
    expect(comp.data.discount).toMatchObject({
      kind: 'comp',
      scope: 'line',
      lineName: 'Tiramisu',
      reason: 'Kitchen mistake',
      label: 'On the house',
      amount: { eur: 7 },
      total: { eur: 8.67 },
    });
    const tenOff = await manager.call(discountsRoutes.applyDiscount, {
      params: { id: placed.sessionId },
      body: { kind: 'percent', percent: 10, reasonId: reasons['Regular guest']! },
    });
    expect(tenOff.status, tenOff.res.body).toBe(201);
    // 10% of 25.00 and 4.40 (the comped tiramisu has nothing left): 2.50 + 0.44.
    expect(tenOff.data.discount).toMatchObject({
      kind: 'percent',
      scope: 'bill',
      percent: 10,
      amount: { eur: 2.94 },
      total: { eur: 3.64 },
    });
    // Burger 22.50 → service 2.81, tax 2.53; espresso 3.96 → service 0.50, tax 0.45.
    expect(tenOff.data.billTotal).toBe(32.75);
    expect(tenOff.data.discounts.map((d) => d.kind)).toEqual(['comp', 'percent']);

    // The guest's bill: the same total, the discounts listed (who gave them is staff's).
    const summary = await api.guest('QR-T1').call(diningSessionsRoutes.getSessionSummary, {
      query: { sessionId: placed.sessionId },
    });
    expect(summary.status).toBe(200);
    expect(summary.data.parts.eur).toEqual({ net: 26.46, service: 3.31, tax: 2.98, total: 32.75 });
    // In USD at 1.08: burger 2 × 13.50 less 2.70, espresso 2 × 2.38 less 0.48, tiramisu comped.
    expect(summary.data.parts.usd.total).toBe(35.37);
    expect(summary.data.totalAmount).toBe(32.75);
    expect(summary.data.discounts).toHaveLength(2);
    expect(summary.data.discounts[0]).not.toHaveProperty('by');
    const items = summary.data.orders[0]!.items;
    expect(items.find((i) => i.name === 'Tiramisu')).toMatchObject({
      lineTotal: { eur: 7, usd: 7.56 },
      discount: { eur: 7, usd: 7.56 },
    });
    expect(items.find((i) => i.name === 'Classic Burger')!.discount).toEqual({
      eur: 2.5,
      usd: 2.7,
    });

    // The floor: the waiter's and manager's bill view.
    const floor = await manager.call(floorRoutes.getFloor);
    const table = floor.data.tables.find((x) => x.sessionId === placed.sessionId)!;
    expect(table.billTotal).toBe(32.75);
    expect(table.discounts.map((d) => [d.label, d.by])).toEqual([
      ['On the house', 'Sofia Conti'],
      ['10% off the bill', 'Sofia Conti'],
    ]);

    // Paid by card: the payment is the discounted bill.
    const paid = await manager.call(paymentsRoutes.recordPayment, {
      params: { id: placed.sessionId },
      body: { method: 'card', tip: 2 },
    });
    expect(paid.status, paid.res.body).toBe(201);
    const receipt = await manager.call(receiptsRoutes.getReceipt, {
      query: { number: paid.data.receiptNumber },
    });
    expect(receipt.data).toMatchObject({
      itemsTotal: 36.4,
      discountTotal: 9.94,
      serviceAdded: 3.31,
      tax: 2.98,
      total: 32.75,
      paid: 34.75,
      discounts: [
        { label: 'On the house', lineName: 'Tiramisu', reason: 'Kitchen mistake', amount: 7 },
        { label: '10% off the bill', lineName: null, reason: 'Regular guest', amount: 2.94 },
      ],
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/receipts?number=${paid.data.receiptNumber}&format=pdf`,
      headers: { authorization: `Bearer ${await api.tokenOf('manager1')}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).join(' ');
    expect(text).toContain('On the house: Tiramisu (Kitchen mistake)');
    expect(text).toContain('-€7.00');

    // Every discount is in the audit log: who, why, how much.
    const audit = await api.as('admin1').call(auditRoutes.getAuditLog, {
      query: { action: 'discount.applied' },
    });
    const entries = audit.data.rows.filter((e) => e.details.sessionId === placed.sessionId);
    expect(
      entries.map((e) => [e.details.reason, e.details.discountCents, e.user?.username]),
    ).toEqual(
      expect.arrayContaining([
        ['Kitchen mistake', 700, 'manager1'],
        ['Regular guest', 294, 'manager1'],
      ]),
    );

    // The Z report: a line of its own, by reason and by who gave it, and it balances.
    const z = await manager.call(businessDaysRoutes.getZReport);
    expect(z.data.discounts).toMatchObject({
      count: 2,
      comps: 1,
      amount: 9.94,
      net: 9.94,
      service: 1.25,
      tax: 1.12,
      total: 12.31,
      byReason: [
        { reason: 'Kitchen mistake', count: 1, amount: 7, total: 8.67 },
        { reason: 'Regular guest', count: 1, amount: 2.94, total: 3.64 },
      ],
      byUser: [{ name: 'Sofia Conti', count: 2, amount: 9.94, total: 12.31 }],
      byTaxRate: [{ taxRate: 10, net: 9.94, service: 1.25, tax: 1.12, total: 12.31 }],
    });
    expect(z.data.reconciliation).toMatchObject({ discounts: 12.31, balanced: true });
    expect(cents(z.data.reconciliation.ordersLessVoidsAndDiscounts!)).toBe(
      cents(z.data.bills.total),
    );

    // The journal: net sales before discounts, the discounts on a contra account, balanced.
    const journal = await manager.call(businessDaysRoutes.getJournal, {
      query: { format: 'hledger' },
    });
    const body = journal.res.body;
    expect(body).toMatch(/Income:Discounts:Tax 10%\s+9\.94 EUR/);
    expect(body).toMatch(/Income:Sales:Tax 10%\s+-36\.40 EUR/);
    if (HAS_HLEDGER) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavola-discounts-'));
      try {
        const file = path.join(dir, 'day.journal');
        fs.writeFileSync(file, body);
        execFileSync('hledger', ['-f', file, 'check', '-s'], { encoding: 'utf8' });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }

    // A settled bill's discounts never change.
    const late = await manager.call(discountsRoutes.applyDiscount, {
      params: { id: placed.sessionId },
      body: { kind: 'amount', amount: 1, reasonId: reasons['Regular guest']! },
    });
    expect([late.status, late.code]).toEqual([409, 'DISCOUNT_BILL_SETTLED']);
    const takeBack = await manager.call(discountsRoutes.removeDiscount, {
      params: { id: comp.data.discount.id },
    });
    expect([takeBack.status, takeBack.code]).toEqual([409, 'DISCOUNT_BILL_SETTLED']);
  });

  it('holds a waiter to their permissions, their own table and the limit the manager set', async () => {
    await setCharges(t, { taxRateBps: 2200, serviceChargeBps: 0, pricesIncludeTax: true });
    const placed = await placeOrder(t, 'QR-T2', [
      ['Classic Burger', 8],
      ['Espresso', 1],
    ]);
    const waiter = api.as('waiter1');
    const burger = await lineId(placed.orderId, 'Classic Burger');
    const give = (body: Parameters<typeof waiter.call<typeof discountsRoutes.applyDiscount>>[1]) =>
      waiter.call(discountsRoutes.applyDiscount, body);
    const amount = (value: number, orderItemId?: string) => ({
      params: { id: placed.sessionId },
      body: {
        kind: 'amount' as const,
        amount: value,
        reasonId: reasons['Regular guest']!,
        ...(orderItemId ? { orderItemId } : {}),
      },
    });

    // Without the permission, the route is closed to a waiter.
    await grant([]);
    expect((await give(amount(1))).status).toBe(403);

    await grant(['apply_discounts']);
    // Not their table (nobody's yet).
    expect((await give(amount(1))).code).toBe('DISCOUNT_NOT_YOUR_TABLE');
    const claimed = await waiter.call(tablesRoutes.claimTable, {
      params: { id: await tableIdOf('QR-T2') },
    });
    expect(claimed.status, claimed.res.body).toBe(200);

    // The manager sets the limit: 10% and 5.00 a discount.
    const limit = await api.as('manager1').call(discountsRoutes.setDiscountLimit, {
      params: { id: waiterId },
      body: { maxPercent: 10, maxAmount: 5 },
    });
    expect(limit.status, limit.res.body).toBe(200);
    const staff = await api.as('manager1').call(staffRoutes.listStaff);
    expect(staff.data.find((s) => s.id === waiterId)!.discountLimit).toEqual({
      maxPercent: 10,
      maxAmount: 5,
    });

    const percent = (value: number) => ({
      params: { id: placed.sessionId },
      body: { kind: 'percent' as const, percent: value, reasonId: reasons['Regular guest']! },
    });
    const above = await give(percent(15));
    expect([above.status, above.code]).toEqual([403, 'DISCOUNT_ABOVE_PERCENT_LIMIT']);
    expect(above.error).toBe('This discount is above your limit of 10%; ask a manager');
    // 6.00 of the 100.00 burgers is 6%, but more than 5.00.
    const tooMuch = await give(amount(6, burger));
    expect([tooMuch.status, tooMuch.code]).toEqual([403, 'DISCOUNT_ABOVE_AMOUNT_LIMIT']);
    expect(tooMuch.res.json<{ params: unknown }>().params).toEqual({
      max: '5.00',
      currency: 'EUR',
    });
    // 10% of the whole bill (10.22) is within the percentage but not the amount.
    expect((await give(percent(10))).code).toBe('DISCOUNT_ABOVE_AMOUNT_LIMIT');
    // A comp needs its own permission.
    const comp = await give({
      params: { id: placed.sessionId },
      body: { kind: 'comp', orderItemId: burger, reasonId: reasons['Regular guest']! },
    });
    expect([comp.status, comp.code]).toEqual([403, 'COMP_NOT_ALLOWED']);
    // No reason, or one not on the list: refused.
    const noReason = await waiter.send(discountsRoutes.applyDiscount, {
      params: { id: placed.sessionId },
      body: { kind: 'percent', percent: 4 },
    });
    expect([noReason.status, noReason.code]).toEqual([400, 'VALIDATION']);
    const unknownReason = await give({
      params: { id: placed.sessionId },
      body: { kind: 'percent', percent: 4, reasonId: '00000000-0000-4000-8000-000000000000' },
    });
    expect([unknownReason.status, unknownReason.code]).toEqual([400, 'DISCOUNT_REASON_REQUIRED']);
    // Nothing above was given.
    const none = await t.database.db
      .select()
      .from(discounts)
      .where(eq(discounts.diningSessionId, placed.sessionId));
    expect(none).toHaveLength(0);

    // Within the limit: 4% of 102.20 is 4.09 (VAT included: the guest pays that much less).
    const within = await give(percent(4));
    expect(within.status, within.res.body).toBe(201);
    expect(within.data.discount).toMatchObject({ by: 'Marco Rossi', amount: { eur: 4.09 } });
    expect(within.data.billTotal).toBe(98.11);

    // A manager's discount is the manager's to take back; the waiter takes back their own.
    const managers = await api
      .as('manager1')
      .call(discountsRoutes.applyDiscount, amount(2, burger));
    expect(managers.status, managers.res.body).toBe(201);
    const notYours = await waiter.call(discountsRoutes.removeDiscount, {
      params: { id: managers.data.discount.id },
    });
    expect([notYours.status, notYours.code]).toEqual([403, 'DISCOUNT_REMOVE_NOT_YOURS']);
    const own = await waiter.call(discountsRoutes.removeDiscount, {
      params: { id: within.data.discount.id },
    });
    expect(own.status, own.res.body).toBe(200);
    expect(own.data.discounts.map((d) => d.id)).toEqual([managers.data.discount.id]);
    expect(own.data.billTotal).toBe(100.2);
    const removed = await api.as('admin1').call(auditRoutes.getAuditLog, {
      query: { action: 'discount.removed' },
    });
    expect(removed.data.rows[0]).toMatchObject({
      entityId: within.data.discount.id,
      user: { username: 'waiter1' },
      // What it took off when it was taken back: 4% of what the manager's 2.00 left (line
      // discounts apply before bill discounts), 4% of 98.00 and of 2.20.
      details: { reason: 'Regular guest', discountCents: 392 + 9, billCentsAfter: 10020 },
    });

    // With no limit set, the permission alone decides.
    await api.as('manager1').call(discountsRoutes.setDiscountLimit, {
      params: { id: waiterId },
      body: { maxPercent: null, maxAmount: null },
    });
    expect((await give(percent(50))).status).toBe(201);
    await grant([]);
  });

  it('follows a void: a percentage shrinks with its line, an amount on the bill is shared again and capped', async () => {
    await setCharges(t, { taxRateBps: 1000, serviceChargeBps: 1250, pricesIncludeTax: false });
    const placed = await placeOrder(t, 'QR-T3', [
      ['Classic Burger', 2],
      ['Espresso', 3],
    ]);
    const manager = api.as('manager1');
    const burger = await lineId(placed.orderId, 'Classic Burger');
    const espresso = await lineId(placed.orderId, 'Espresso');
    const half = await manager.call(discountsRoutes.applyDiscount, {
      params: { id: placed.sessionId },
      body: {
        kind: 'percent',
        percent: 50,
        orderItemId: burger,
        reasonId: reasons['Service recovery']!,
      },
    });
    expect(half.data.discount.amount.eur).toBe(12.5);
    const nine = await manager.call(discountsRoutes.applyDiscount, {
      params: { id: placed.sessionId },
      body: { kind: 'amount', amount: 9, reasonId: reasons['Regular guest']! },
    });
    expect(nine.data.discount.amount.eur).toBe(9);

    // One burger voided: 50% of the one left; the 9.00 is shared again over the 6.25 and 6.60
    // the lines charge, by the largest remainder (4.377… and 4.622…: 4.38 and 4.62).
    const voided = await manager.call(ordersRoutes.voidOrderLine, {
      params: { id: placed.orderId, itemId: burger },
      body: { quantity: 1, reason: 'Sent back' },
    });
    expect(voided.status, voided.res.body).toBe(200);
    const floor = async () =>
      (await manager.call(floorRoutes.getFloor)).data.tables.find(
        (x) => x.sessionId === placed.sessionId,
      )!;
    const lineDiscounts = (table: Awaited<ReturnType<typeof floor>>) =>
      [burger, espresso].map((id) =>
        cents(table.orders[0]!.items.find((i) => i.id === id)?.discount ?? 0),
      );
    let table = await floor();
    expect(table.discounts.map((d) => cents(d.amount.eur))).toEqual([625, 900]);
    expect(lineDiscounts(table)).toEqual([625 + 438, 462]);

    // Two espressos voided: only 6.25 + 2.20 is left, less than 9.00: the amount takes all of it.
    await manager.call(ordersRoutes.voidOrderLine, {
      params: { id: placed.orderId, itemId: espresso },
      body: { quantity: 2, reason: 'Sent back' },
    });
    table = await floor();
    expect(table.discounts.map((d) => cents(d.amount.eur))).toEqual([625, 845]);
    expect(lineDiscounts(table)).toEqual([1250, 220]);
    expect(table.bill).toEqual({ net: 0, service: 0, tax: 0, total: 0 });
    const summary = await api.guest('QR-T3').call(diningSessionsRoutes.getSessionSummary);
    expect(summary.data.totalAmount).toBe(0);

    // Taking the 9.00 back: the bill is the lines' again (12.50 − 6.25 and 2.20, 10% tax added on
    // each with 12.5% service: 6.25 → 0.78 + 0.70; 2.20 → 0.28 + 0.25).
    const back = await manager.call(discountsRoutes.removeDiscount, {
      params: { id: nine.data.discount.id },
    });
    expect(back.status, back.res.body).toBe(200);
    expect(back.data.billTotal).toBe(10.46);
    expect(back.data.discount).toMatchObject({ id: nine.data.discount.id, amount: { eur: 0 } });
  });

  it('lets the manager keep the list of reasons; a discount keeps the reason it was given with', async () => {
    const manager = api.as('manager1');
    const created = await manager.call(discountsRoutes.createDiscountReason, {
      body: { name: 'Birthday' },
    });
    expect(created.status, created.res.body).toBe(201);
    const twice = await manager.call(discountsRoutes.createDiscountReason, {
      body: { name: 'birthday' },
    });
    expect([twice.status, twice.code]).toEqual([409, 'DISCOUNT_REASON_NAME_TAKEN']);

    const placed = await placeOrder(t, 'QR-T4', [['Espresso', 2]]);
    const given = await manager.call(discountsRoutes.applyDiscount, {
      params: { id: placed.sessionId },
      body: { kind: 'amount', amount: 1, reasonId: created.data.id },
    });
    expect(given.status, given.res.body).toBe(201);
    const renamed = await manager.call(discountsRoutes.updateDiscountReason, {
      params: { id: created.data.id },
      body: { name: 'Birthday treat' },
    });
    expect(renamed.data.name).toBe('Birthday treat');
    const deleted = await manager.call(discountsRoutes.deleteDiscountReason, {
      params: { id: created.data.id },
    });
    expect(deleted.status).toBe(200);
    const names = (await manager.call(discountsRoutes.listDiscountReasons)).data.map((r) => r.name);
    expect(names).not.toContain('Birthday treat');
    const table = (await manager.call(floorRoutes.getFloor)).data.tables.find(
      (x) => x.sessionId === placed.sessionId,
    )!;
    expect(table.discounts[0]!.reason).toBe('Birthday');

    // A waiter who may give discounts reads the list, but only a manager changes it.
    await grant(['apply_discounts']);
    expect((await api.as('waiter1').call(discountsRoutes.listDiscountReasons)).status).toBe(200);
    const refused = await api.as('waiter1').call(discountsRoutes.createDiscountReason, {
      body: { name: 'Friends' },
    });
    expect(refused.status).toBe(403);
    await grant([]);
    expect((await api.as('waiter1').call(discountsRoutes.listDiscountReasons)).status).toBe(403);

    // A manager sets limits for the staff they manage, not for an admin.
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin1'));
    const adminLimit = await manager.call(discountsRoutes.setDiscountLimit, {
      params: { id: admin!.id },
      body: { maxPercent: 5 },
    });
    expect([adminLimit.status, adminLimit.code]).toEqual([404, 'STAFF_NOT_FOUND']);
  });

  it('discounts a bar tab (a bill without a table) like a table: its waiter gives it, the tab, its receipt and the Z report show it', async () => {
    await setCharges(t, { taxRateBps: 1000, serviceChargeBps: 0, pricesIncludeTax: false });
    const waiter = api.as('waiter1');
    const opened = await waiter.call(tabsRoutes.openTab, {
      body: { type: 'bar_tab', name: 'Nora' },
    });
    expect(opened.status, opened.res.body).toBe(201);
    const tabId = opened.data.id;
    const wine = (await menuItemByName(t, 'House Red Wine')).id;
    const sent = await waiter.call(tabsRoutes.placeTabOrder, {
      params: { id: tabId },
      headers: { 'idempotency-key': `tab-discount-${Date.now()}` },
      body: { items: [{ menuItemId: wine, quantity: 2 }] },
    });
    expect(sent.status, sent.res.body).toBe(201);
    const before = (await waiter.call(tabsRoutes.getTab, { params: { id: tabId } })).data;
    const line = before.orders[0]!.items[0]!;

    // Without the permission: refused; granted, the waiter who opened the tab comps one glass's worth.
    const refused = await waiter.call(discountsRoutes.applyDiscount, {
      params: { id: tabId },
      body: {
        kind: 'percent',
        percent: 50,
        orderItemId: line.id,
        reasonId: reasons['Regular guest']!,
      },
    });
    expect(refused.status).toBe(403);
    await grant(['apply_discounts']);
    const given = await waiter.call(discountsRoutes.applyDiscount, {
      params: { id: tabId },
      body: {
        kind: 'percent',
        percent: 50,
        orderItemId: line.id,
        reasonId: reasons['Regular guest']!,
      },
    });
    await grant([]);
    expect(given.status, given.res.body).toBe(201);
    expect(given.data.discount).toMatchObject({
      scope: 'line',
      kind: 'percent',
      by: expect.any(String),
    });
    // Half the two glasses off, 10% tax on what is left.
    const half = cents(line.lineTotal!) / 2;
    expect(cents(given.data.discount.amount.eur)).toBe(half);
    expect(cents(given.data.billTotal)).toBe(Math.round(half * 1.1));

    const tab = (await waiter.call(tabsRoutes.getTab, { params: { id: tabId } })).data;
    expect(tab.billTotal).toBe(given.data.billTotal);
    expect(tab.discounts).toHaveLength(1);
    expect(cents(tab.orders[0]!.items[0]!.discount!)).toBe(half);

    const paid = await waiter.call(paymentsRoutes.recordPayment, {
      params: { id: tabId },
      body: { method: 'card' },
    });
    expect(paid.status, paid.res.body).toBe(201);
    const receipt = await api
      .as('manager1')
      .call(receiptsRoutes.getReceipt, { query: { number: paid.data.receiptNumber } });
    expect(receipt.data).toMatchObject({
      orderType: 'bar_tab',
      tabName: 'Nora',
      total: tab.billTotal,
    });
    expect(receipt.data.discounts).toEqual([
      expect.objectContaining({ reason: 'Regular guest', amount: half / 100 }),
    ]);
    const z = await api.as('manager1').call(businessDaysRoutes.getZReport, { query: {} });
    expect(
      z.data.discounts!.byReason.find((r) => r.reason === 'Regular guest')!.count,
    ).toBeGreaterThan(0);
  });

  it('moves with the bill: a comp goes with its order to another table, and the Z report counts it once', async () => {
    await setCharges(t, { taxRateBps: 1000, serviceChargeBps: 0, pricesIncludeTax: false });
    const placed = await placeOrder(t, 'QR-T5', [
      ['Espresso', 2],
      ['Tiramisu', 1],
    ]);
    const manager = api.as('manager1');
    const comp = await manager.call(discountsRoutes.applyDiscount, {
      params: { id: placed.sessionId },
      body: {
        kind: 'comp',
        orderItemId: await lineId(placed.orderId, 'Tiramisu'),
        reasonId: reasons['Kitchen mistake']!,
      },
    });
    expect(comp.status, comp.res.body).toBe(201);
    const moved = await manager.call(tablesRoutes.moveTableBill, {
      params: { id: await tableIdOf('QR-T5') },
      body: { toTableId: await tableIdOf('QR-T6') },
    });
    expect(moved.status, moved.res.body).toBe(200);
    const floor = (await manager.call(floorRoutes.getFloor)).data;
    const to = floor.tables.find((x) => x.sessionId === moved.data.sessionId)!;
    expect(to.number).toBe(6);
    expect(to.discounts.map((d) => d.id)).toEqual([comp.data.discount.id]);
    expect(to.billTotal).toBe(comp.data.billTotal);
    const [row] = await t.database.db
      .select()
      .from(discounts)
      .where(eq(discounts.id, comp.data.discount.id));
    expect(row!.diningSessionId).toBe(moved.data.sessionId);
  });
});
