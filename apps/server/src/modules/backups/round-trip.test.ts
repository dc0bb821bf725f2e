import { eq, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../core/db/schema.js';
import {
  businessDays,
  loginFailures,
  menuOptions,
  payments,
  planChanges,
  reportEmailLog,
  reportSchedules,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../core/db/schema.js';
import { seedDemoHistory } from '../../core/db/seed-history.js';
import { DEMO_ACCOUNTS, guestOrder, menuItemByName } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { buildBackup, collectRows, readBackup, type Row } from './archive.js';
import { RESTORE_CHANGES, remapIds, restoreBackup } from './restore.js';
import { BACKUP_TABLES, EXCLUDED_COLUMNS, NOT_BACKED_UP, tableName } from './tables.js';

const schemaTables = (Object.values(schema) as unknown[]).filter((v): v is PgTable =>
  is(v, PgTable),
);

describe('what a backup covers', () => {
  it('lists every table of the schema, as backed up or left out with a reason', () => {
    expect(schemaTables.length).toBeGreaterThan(15);
    const uncovered = schemaTables
      .filter((t) => !BACKUP_TABLES.includes(t) && !NOT_BACKED_UP.has(t))
      .map(tableName);
    // A new table needs a place in BACKUP_TABLES (and a restore order) or a reason it is left out.
    expect(uncovered).toEqual([]);
    expect(BACKUP_TABLES.filter((t) => NOT_BACKED_UP.has(t))).toEqual([]);
    for (const reason of NOT_BACKED_UP.values()) expect(reason.length).toBeGreaterThan(20);
  });
});

/**
 * Gives every backed-up table rows: three days of history (orders, items, tickets, payments,
 * daily totals), a live order, a call and a review through the API (sessions, requests, reviews,
 * events, the audit log of sign-ins), a plan change and a failed sign-in.
 */
async function fillEveryTable(t: TestApp) {
  await t.database.db.transaction((tx) => seedDemoHistory(tx, t.restaurantId, 2));
  // A manager gives back part of one of the history's payments (a refund, dated today).
  const [paid] = await t.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.restaurantId, t.restaurantId))
    .limit(1);
  const manager = await loginAs(
    t.app,
    DEMO_ACCOUNTS.manager.username,
    DEMO_ACCOUNTS.manager.password,
  );
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${paid!.id}/refunds`,
    headers: { authorization: `Bearer ${manager.token}` },
    payload: { amount: 1, reason: 'Cold soup' },
  });
  expect(refund.statusCode, refund.body).toBe(201);
  await loginAs(t.app, DEMO_ACCOUNTS.waiter.username, DEMO_ACCOUNTS.waiter.password);
  const admin = await loginAs(t.app, DEMO_ACCOUNTS.admin.username, DEMO_ACCOUNTS.admin.password);
  const order = await guestOrder(t, 'QR-T3', [['Margherita Pizza', 2]], { notes: 'no basil' });
  expect(order.statusCode, order.body).toBe(201);
  // The manager takes 10% off that bill, with a reason from the restaurant's list (discounts).
  const { sessionId } = order.json<{ data: { sessionId: string } }>().data;
  const reasons = await t.app.inject({
    method: 'GET',
    url: '/api/discount-reasons',
    headers: { authorization: `Bearer ${manager.token}` },
  });
  const [reason] = reasons.json<{ data: { id: string }[] }>().data;
  const discount = await t.app.inject({
    method: 'POST',
    url: `/api/sessions/${sessionId}/discounts`,
    headers: { authorization: `Bearer ${manager.token}` },
    payload: { kind: 'percent', percent: 10, reasonId: reason!.id },
  });
  expect(discount.statusCode, discount.body).toBe(201);
  // A line with options (the demo's burger, medium, no onion): its picks name the option
  // groups and options by id, which a restore remaps with them.
  const burger = await menuItemByName(t, 'Tavola Burger');
  const pick = async (name: string) =>
    (await t.database.db.select().from(menuOptions).where(eq(menuOptions.name, name)))[0]!.id;
  const withOptions = await t.app.inject({
    method: 'POST',
    url: '/api/orders/public',
    payload: {
      token: 'QR-T4',
      items: [
        {
          menuItemId: burger.id,
          quantity: 1,
          options: [
            { optionId: await pick('Medium') },
            { optionId: await pick('Onion'), preModifier: 'no' },
          ],
        },
      ],
    },
  });
  expect(withOptions.statusCode, withOptions.body).toBe(201);
  const call = await t.app.inject({
    method: 'POST',
    url: '/api/tables/public/call-waiter',
    payload: { token: 'QR-T3', message: 'Water, please' },
  });
  expect(call.statusCode, call.body).toBeLessThan(300);
  // A guest pays part of that bill at the table: the payment lays its cents on the lines.
  const paidPart = await t.app.inject({
    method: 'POST',
    url: '/api/payments/public',
    payload: { token: 'QR-T3', split: { kind: 'amount', amount: 2 }, provider: 'demo' },
  });
  expect(paidPart.statusCode, paidPart.body).toBe(201);
  const review = await t.app.inject({
    method: 'POST',
    url: '/api/reviews/public',
    payload: { token: 'QR-T3', rating: 5, comment: 'Lovely' },
  });
  expect(review.statusCode, review.body).toBeLessThan(300);
  // The manager's courses (a restaurant without rows has the defaults) and a fire delay.
  const coursesPut = await t.app.inject({
    method: 'PUT',
    url: '/api/courses',
    headers: { authorization: `Bearer ${manager.token}` },
    payload: {
      courses: [
        { number: 1, name: 'Antipasti' },
        { name: 'Primi' },
        { number: 2, name: 'Secondi' },
        { number: 3, name: 'Dolci' },
      ],
      fireDelayMinutes: 7,
    },
  });
  expect(coursesPut.statusCode, coursesPut.body).toBe(200);
  // A station the manager added (kitchen and bar are every restaurant's already).
  const station = await t.app.inject({
    method: 'POST',
    url: '/api/stations',
    headers: { authorization: `Bearer ${manager.token}` },
    payload: { slug: 'grill', name: 'Grill', ticketMinutes: 9 },
  });
  expect(station.statusCode, station.body).toBe(201);
  // A printer (an address nothing listens on: no station's tickets are queued for it here), the
  // grill's printer.
  const printer = await t.app.inject({
    method: 'POST',
    url: '/api/printers',
    headers: { authorization: `Bearer ${manager.token}` },
    payload: { name: 'Grill printer', host: '192.0.2.20', receipt: true },
  });
  expect(printer.statusCode, printer.body).toBe(201);
  // A print agent (a credential: left out) that a second printer is reached through.
  const agent = await t.app.inject({
    method: 'POST',
    url: '/api/printers/agents',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { name: 'Back office' },
  });
  expect(agent.statusCode, agent.body).toBe(201);
  const viaAgent = await t.app.inject({
    method: 'POST',
    url: '/api/printers',
    headers: { authorization: `Bearer ${manager.token}` },
    payload: {
      name: 'Bar printer',
      host: '192.168.1.77',
      agentId: agent.json<{ data: { id: string } }>().data.id,
    },
  });
  expect(viaAgent.statusCode, viaAgent.body).toBe(201);
  const assigned = await t.app.inject({
    method: 'PUT',
    url: '/api/printers/stations/grill',
    headers: { authorization: `Bearer ${manager.token}` },
    payload: { printerId: printer.json<{ data: { id: string } }>().data.id, backupPrinterId: null },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  await t.database.db.insert(planChanges).values({
    restaurantId: t.restaurantId,
    fromPlan: 'starter',
    toPlan: 'growth',
  });
  // The history's payments have their receipts; a closed day, as its code writes it.
  await t.database.db.insert(businessDays).values({
    restaurantId: t.restaurantId,
    date: '2020-01-01',
    status: 'closed',
    closedAt: new Date('2020-01-02T01:00:00Z'),
    report: { orders: 0 } as never,
  });
  // A report emailed on a schedule, and its send log.
  const [schedule] = await t.database.db
    .insert(reportSchedules)
    .values({
      restaurantId: t.restaurantId,
      report: 'sales',
      format: 'csv',
      frequency: 'weekly',
      time: '07:30',
      weekday: 1,
      recipients: ['owner@example.com'],
    })
    .returning();
  await t.database.db.insert(reportEmailLog).values([
    {
      restaurantId: t.restaurantId,
      scheduleId: schedule!.id,
      deliveryKey: `${schedule!.id}@2026-01-05T06:30:00.000Z`,
      trigger: 'schedule',
      report: 'sales',
      format: 'csv',
      periodFrom: '2025-12-29',
      periodTo: '2026-01-04',
      recipients: ['owner@example.com'],
      status: 'sent',
      attempt: 1,
      messageId: '<1@example.com>',
    },
    {
      restaurantId: t.restaurantId,
      deliveryKey: 'manual:1b4e28ba-2fa1-4d2b-8e1a-6f3b0c2d9e00',
      trigger: 'manual',
      report: 'tax',
      format: 'pdf',
      periodFrom: '2026-01-01',
      periodTo: '2026-01-31',
      recipients: ['accountant@example.com'],
      status: 'sent',
      attempt: 1,
    },
  ]);
  await t.database.db.insert(loginFailures).values({
    restaurantId: t.restaurantId,
    username: 'waiter1',
    ip: '203.0.113.9',
    reason: 'wrong_password',
  });
  // A webhook endpoint (turned off: nothing leaves the machine) and one delivery of it: both
  // stay out of the backup, the check below says so.
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/webhooks',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { url: 'https://example.com/hook', description: 'Accounting' },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const { id: endpointId, secret } = hook.json<{ data: { id: string; secret: string } }>().data;
  await t.database.db
    .update(webhookEndpoints)
    .set({ enabled: false })
    .where(eq(webhookEndpoints.id, endpointId));
  await t.database.db.insert(webhookDeliveries).values({
    restaurantId: t.restaurantId,
    endpointId,
    messageId: 'evt_1',
    eventType: 'order.created',
    payload: { type: 'order.created', secret },
    status: 'succeeded',
  });
  // The restaurant's Stripe keys: they stay out of the backup too.
  const stripe = await t.app.inject({
    method: 'PUT',
    url: '/api/integrations/stripe',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: {
      secretKey: 'sk_test_RoundTrip0000000000',
      publishableKey: 'pk_test_RoundTrip0000000000',
      webhookSecret: 'whsec_RoundTrip0000000000',
    },
  });
  expect(stripe.statusCode, stripe.body).toBe(200);
}

describe.each(BACKENDS)('backup round trip on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await fillEveryTable(t);
  });
  afterAll(() => t.close());

  it('restores into a new restaurant with every table equal to the original, ids remapped', async () => {
    const original = await collectRows(t.database.db, t.restaurantId);
    for (const table of BACKUP_TABLES) {
      expect(original[tableName(table)]?.length, `${tableName(table)} has rows`).toBeGreaterThan(0);
    }

    const { zip, manifest } = await buildBackup(t.database.db, t.restaurantId);
    expect(manifest.tables.map((x) => x.name)).toEqual(BACKUP_TABLES.map(tableName));
    const copy = await restoreBackup(t.database.db, zip);
    expect(copy.restaurantId).not.toBe(t.restaurantId);
    const restored = await collectRows(t.database.db, copy.restaurantId);

    const back = new Map([...copy.ids].map(([from, to]) => [to, from]));
    const originalIds = new Set(copy.ids.keys());
    const normalise = (name: string, rows: Row[]) =>
      rows
        .map((row) => {
          const r = { ...row };
          for (const column of RESTORE_CHANGES[name] ?? []) delete r[column];
          return JSON.stringify(r, Object.keys(r).sort());
        })
        .sort();
    for (const table of BACKUP_TABLES) {
      const name = tableName(table);
      const before = original[name]!;
      const after = restored[name]!;
      expect(after.length, name).toBe(before.length);
      // No row of the copy points at the original's rows: every id was remapped.
      const leaked = JSON.stringify(after).match(/[0-9a-f]{8}-[0-9a-f-]{27}/g) ?? [];
      expect(
        leaked.filter((id) => originalIds.has(id)),
        name,
      ).toEqual([]);
      // Mapped back, the copy is the original: every column, timestamps to the microsecond.
      expect(normalise(name, remapIds(after, back)), name).toEqual(normalise(name, before));
    }

    // What a restore changes on purpose.
    const [r] = restored.restaurants!;
    expect(r!.slug).toBe(`${String(original.restaurants![0]!.slug)}-${copy.suffix}`);
    expect(r!.is_demo).toBe(false);
    expect(restored.users!.map((u) => u.username).sort()).toEqual(
      original.users!.map((u) => `${String(u.username)}.${copy.suffix}`).sort(),
    );
    const codes = new Set(original.tables!.map((x) => x.qr_token));
    expect(restored.tables!.some((x) => codes.has(x.qr_token))).toBe(false);
    // The copy's staff cannot sign in until the admin sets their passwords.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: `admin1.${copy.suffix}`, password: DEMO_ACCOUNTS.admin.password },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('never writes password hashes or two-factor secrets, and says so in the manifest', async () => {
    const { zip } = await buildBackup(t.database.db, t.restaurantId);
    const { manifest, files } = readBackup(zip);
    const [hash] = await t.database.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.username, 'admin1'));
    expect(Object.values(files).join('\n')).not.toContain(hash!.h);
    // Only the manifest names them, saying why they are left out.
    const data = Object.entries(files)
      .filter(([name]) => name !== 'manifest.json')
      .map(([, text]) => text)
      .join('\n');
    expect(data).not.toMatch(
      /password_hash|\$argon2|totp_secret|totp_recovery|whsec_|sk_test_|pk_test_|RoundTrip/,
    );
    expect(manifest.excludedColumns.map((c) => `${c.table}.${c.column}`)).toEqual(
      Object.entries(EXCLUDED_COLUMNS).flatMap(([table, cols]) =>
        Object.keys(cols).map((c) => `${table}.${c}`),
      ),
    );
    expect(manifest.excludedTables.map((x) => x.name)).toEqual(
      [...NOT_BACKED_UP.keys()].map(tableName),
    );
    expect(manifest.excludedTables.map((x) => x.name)).toEqual(
      expect.arrayContaining(['auth_sessions', 'backups', 'platform_events']),
    );
    expect(Object.keys(files).sort()).toEqual(
      [
        'manifest.json',
        'orders.csv',
        'users.csv',
        'analytics.csv',
        ...BACKUP_TABLES.map((x) => `tables/${tableName(x)}.json`),
      ].sort(),
    );
  });
});
