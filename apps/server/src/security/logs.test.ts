import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../app.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../testing/harness.js';
import { listen, TestSocket } from '../testing/ws-client.js';

describe('redactUrl', () => {
  it.each([
    ['/ws?tableToken=QR-T1&lastSeq=3', '/ws?tableToken=[redacted]&lastSeq=3'],
    ['/ws?token=abc&userId=u1&role=waiter', '/ws?token=[redacted]&userId=u1&role=waiter'],
    ['/api/menu/public?token=QR-T1', '/api/menu/public?token=[redacted]'],
    ['/x?TableTOKEN=a&access_token=b#top', '/x?TableTOKEN=[redacted]&access_token=[redacted]#top'],
    // A name spelled with percent-escapes is still a token once the server decodes it.
    ['/ws?tableTok%65n=QR-T1', '/ws?tableTok%65n=[redacted]'],
    ['/ws?token', '/ws?token'],
    ['/api/health', '/api/health'],
    ['/api/reports?from=2026-01-01&page=2', '/api/reports?from=2026-01-01&page=2'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe.each(BACKENDS)('what the logs keep on %s', (backend) => {
  let t: TestApp;
  let manager: string;
  let base: string;
  let menuItemId: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { logLevel: 'info' });
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    base = await listen(t.app);
    const menu = (await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' })).json<{
      data: { menu: Record<string, { id: string }[]> };
    }>().data.menu;
    menuItemId = menu.food![0]!.id;
    // Real database errors that no route expects: each insert below fails inside PostgreSQL.
    await t.database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT test_no_boom CHECK (name <> 'Boom Boom')`),
    );
    await t.database.db.execute(
      sql.raw(
        `ALTER TABLE orders ADD CONSTRAINT test_no_secret CHECK (notes IS DISTINCT FROM 'my secret note')`,
      ),
    );
  });
  afterAll(async () => t?.close());

  const logged = () => t.logs.join('\n');
  const errorLines = () =>
    t.logs
      .map((l) => JSON.parse(l) as { msg?: string; reqId?: string; err?: Record<string, unknown> })
      .filter((l) => l.msg === 'unexpected error');

  it('logs a failed staff insert without its parameters: no password hash, no password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: { authorization: `Bearer ${manager}` },
      payload: {
        name: 'Boom Boom',
        username: 'boom.boom',
        password: 'correct-horse-battery',
        role: 'waiter',
      },
    });
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'] as string;
    const line = errorLines().find((l) => l.reqId === requestId);
    expect(line, logged()).toBeDefined();
    // Enough to find the fault: the statement (placeholders only), the code and the constraint.
    const err = JSON.stringify(line!.err);
    expect(line!.err!.message).toContain('insert into "users"');
    expect(err).toContain('23514');
    expect(err).toContain('test_no_boom');
    const all = logged();
    expect(all).not.toContain('$argon2');
    expect(all).not.toContain('correct-horse-battery');
    expect(all).not.toContain('boom.boom');
    expect(all).not.toMatch(/params/i);
    expect(all).not.toContain('Failing row');
  });

  it("logs a failed order without the guest's notes", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/public',
      payload: {
        token: 'QR-T7',
        items: [{ menuItemId, quantity: 1 }],
        notes: 'my secret note',
      },
    });
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'] as string;
    expect(errorLines().find((l) => l.reqId === requestId)).toBeDefined();
    expect(logged()).not.toContain('my secret note');
  });

  it('logs WebSocket and guest URLs without their table tokens', async () => {
    const guest = await TestSocket.open(`${base}/ws?tableToken=QR-T8&lastSeq=0`);
    const staff = await TestSocket.open(`${base}/ws?token=${manager}&role=manager`);
    await t.app.inject({ method: 'GET', url: '/api/sessions/public/summary?token=QR-T8' });
    guest.ws.close();
    staff.ws.close();
    await Promise.all([guest.waitClosed(), staff.waitClosed()]);
    const all = logged();
    expect(all).toContain('tableToken=[redacted]');
    expect(all).not.toContain('QR-T8');
    expect(all).not.toContain(manager);
  });
});
