import { restaurants } from '../../core/db/schema.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

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

  const get = (url: string, host = 'evil.example') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${manager}`, host },
    });

  it("never prints the request's Host: without an address, codes are refused with a clear message", async () => {
    const list = await get('/api/tables');
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain('evil.example');
    const first = list.json().data[0];
    tableId = first.id;
    expect(first.orderUrl).toBeNull();
    for (const url of [
      `/api/tables/${tableId}/qr.png`,
      `/api/tables/${tableId}/qr.svg`,
      '/api/tables/qr.pdf',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        error: expect.stringMatching(/public address/i),
        code: 'CONFLICT',
      });
    }
  });

  it("prints the restaurant's own address, whatever the Host header says", async () => {
    await t.database.db
      .update(restaurants)
      .set({ publicUrl: 'https://order.bella-vista.example' })
      .where(eq(restaurants.id, t.restaurantId));
    const list = await get('/api/tables');
    expect(list.json().data[0].orderUrl).toMatch(
      /^https:\/\/order\.bella-vista\.example\/order\?token=/,
    );
    const svg = await get(`/api/tables/${tableId}/qr.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.body).not.toContain('evil.example');
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
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/tables',
      headers: { authorization: `Bearer ${token}`, host: 'evil.example' },
    });
    expect(list.json().data[0].orderUrl).toMatch(/^https:\/\/tavola\.example\/order\?token=/);
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
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tables/qr.pdf',
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
