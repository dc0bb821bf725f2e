import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
