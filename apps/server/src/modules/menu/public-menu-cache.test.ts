import { menuRoutes, tablesRoutes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

interface MenuItem {
  id: string;
  name: string;
  available: boolean;
}

describe.each(BACKENDS)('the cached guest menu, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  const menu = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1', headers });
  const espresso = (body: string) =>
    (JSON.parse(body) as { data: { menu: { drinks: MenuItem[] } } }).data.menu.drinks.find(
      (i) => i.name === 'Espresso',
    )!;

  it('answers an unchanged menu with 304, and a changed one in full at once', async () => {
    const first = await menu();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await menu({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const item = espresso(first.body);
    const toggled = await t.app.inject({
      method: 'PUT',
      url: `/api/menu/${item.id}/toggle`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(toggled.statusCode).toBe(200);
    const changed = await menu({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(espresso(changed.body).available).toBe(!item.available);
  });

  // A response found in the cache is sent without looking its table up again: each change of the
  // table must drop it at once.
  const tableNumbered = async (n: number) => {
    const list = await client(t.app).as('manager1').call(tablesRoutes.listTables);
    const table = list.data.find((x) => x.number === n)!;
    return table;
  };
  const guestMenu = (token: string, lang?: 'de' | 'it') =>
    client(t.app)
      .guest(token)
      .call(menuRoutes.getPublicMenu, lang ? { query: { lang } } : {});

  it("shows a renamed table's new number at once", async () => {
    const table = await tableNumbered(2);
    expect((await guestMenu(table.qrToken)).data.table.number).toBe(2);
    const renamed = await client(t.app)
      .as('manager1')
      .call(tablesRoutes.updateTable, {
        params: { id: table.id },
        body: { number: 52, capacity: table.capacity },
      });
    expect(renamed.status).toBe(200);
    expect((await guestMenu(table.qrToken)).data.table.number).toBe(52);
  });

  it("refuses a removed table's code at once", async () => {
    const table = await tableNumbered(3);
    expect((await guestMenu(table.qrToken)).status).toBe(200);
    const removed = await client(t.app)
      .as('manager1')
      .call(tablesRoutes.deleteTable, { params: { id: table.id } });
    expect(removed.status).toBe(200);
    const after = await guestMenu(table.qrToken);
    expect(after.status).toBe(404);
    expect(after.body).toMatchObject({ success: false, code: 'GUEST_TABLE_NOT_FOUND' });
  });

  it('refuses a rotated code at once and serves the new one', async () => {
    const table = await tableNumbered(4);
    expect((await guestMenu(table.qrToken)).status).toBe(200);
    const rotated = await client(t.app)
      .as('manager1')
      .call(tablesRoutes.rotateTableQr, { params: { id: table.id } });
    expect(rotated.status).toBe(200);
    expect((await guestMenu(table.qrToken)).status).toBe(404);
    const fresh = await guestMenu(rotated.data.qrToken);
    expect(fresh.status).toBe(200);
    expect(fresh.data.table.number).toBe(4);
  });

  it('keeps each language apart', async () => {
    const table = await tableNumbered(5);
    const italian = await guestMenu(table.qrToken, 'it');
    expect(italian.data.language).toBe('it');
    const original = await guestMenu(table.qrToken);
    expect(original.data.language).toBeNull();
    expect((await guestMenu(table.qrToken, 'de')).data.language).toBe('de');
    expect(original.res.headers.etag).not.toBe(italian.res.headers.etag);
  });
});
