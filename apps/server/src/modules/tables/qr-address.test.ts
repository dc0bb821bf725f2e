import { tablesRoutes } from '@tavola/contract';
import { restaurants } from '../../core/db/schema.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { client } from '../../testing/client.js';

describe('table QR codes and the address they print', () => {
  let t: TestApp;
  let manager: string;
  let tableId: string;

  beforeAll(async () => {
    // No PUBLIC_URL, and the demo restaurant has no public address of its own.
    t = await createTestApp('pglite', { publicUrl: undefined });
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
  });
  afterAll(async () => t?.close());

  /** Every call comes with a forged Host header: what the codes print must not follow it. */
  const evil = { headers: { host: 'evil.example' } };

  it("never prints the request's Host: without an address, codes are refused with a clear message", async () => {
    const api = client(t.app).as(manager);
    const list = await api.call(tablesRoutes.listTables, evil);
    expect(list.status).toBe(200);
    expect(list.res.body).not.toContain('evil.example');
    const first = list.data[0]!;
    tableId = first.id;
    expect(first.orderUrl).toBeNull();
    const params = { id: tableId };
    for (const [what, res] of [
      ['png', await api.call(tablesRoutes.getTableQrPng, { params, ...evil })],
      ['svg', await api.call(tablesRoutes.getTableQrSvg, { params, ...evil })],
      ['pdf', await api.call(tablesRoutes.getTableQrPdf, evil)],
    ] as const) {
      expect(res.status, what).toBe(409);
      expect(res.body).toEqual({
        success: false,
        error: expect.stringMatching(/public address/i),
        code: 'QR_ADDRESS_MISSING',
      });
    }
  });

  it("prints the restaurant's own address, whatever the Host header says", async () => {
    await t.database.db
      .update(restaurants)
      .set({ publicUrl: 'https://order.bella-vista.example' })
      .where(eq(restaurants.id, t.restaurantId));
    const api = client(t.app).as(manager);
    const list = await api.call(tablesRoutes.listTables, evil);
    expect(list.data[0]!.orderUrl).toMatch(/^https:\/\/order\.bella-vista\.example\/order\?token=/);
    const svg = await api.call(tablesRoutes.getTableQrSvg, { params: { id: tableId }, ...evil });
    expect(svg.status).toBe(200);
    expect(svg.res.body).not.toContain('evil.example');
  });
});

describe('table QR codes with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { publicUrl: 'https://tavola.example' });
  });
  afterAll(async () => t?.close());

  it('prints the configured address, not the Host header', async () => {
    const { token } = await loginAs(t.app, 'manager1', 'manager123');
    const list = await client(t.app)
      .as(token)
      .call(tablesRoutes.listTables, { headers: { host: 'evil.example' } });
    expect(list.data[0]!.orderUrl).toMatch(/^https:\/\/tavola\.example\/order\?token=/);
  });
});

describe('the table codes PDF with any restaurant name', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { publicUrl: 'https://tavola.example' });
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
  });
  afterAll(async () => t?.close());

  it.each([
    ['Greek', 'Ταβέρνα Ο Μάκης'],
    ['Cyrillic', 'Ресторан «Пушкин»'],
    ['CJK', '寿司 さくら 식당'],
    ['Arabic', 'مطعم الشام'],
    ['emoji', 'Pizza 🍕 Palace 🇮🇹'],
    ['tabs and newlines', 'Bella\tVista\nTrattoria\r\n'],
  ])('prints the codes for a %s name', async (_kind, name) => {
    await t.database.db.update(restaurants).set({ name }).where(eq(restaurants.id, t.restaurantId));
    const res = await client(t.app).as(manager).call(tablesRoutes.getTableQrPdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
