import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restaurants, tables } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';
import { qrDarkColor } from '../../modules/tables/service.js';
import { logoForPrint } from './print-logo.js';

type Method = 'GET' | 'PUT' | 'POST';

const BRAND = {
  brandName: 'Empire Eats',
  primaryColor: '#7C2D12',
  logoUrl: 'https://cdn.example.com/empire.png',
};

describe.each(BACKENDS)("a restaurant's white label on %s", (backend) => {
  let t: TestApp;
  let base: string;
  let team: string;

  const api = (method: Method, url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(backend, { wsHeartbeatMs: 60_000, publicUrl: 'https://tavola.test' });
    base = await listen(t.app);
    team = (await loginAs(t.app, 'team1', 'team123')).token;
  });
  afterAll(async () => t?.close());

  /** An Enterprise Empire restaurant with a table, its admin's and waiter's tokens. */
  const enterprise = async (name: string) => {
    const r = await createOtherRestaurant(t, {
      name,
      plan: 'enterprise',
      roles: ['admin', 'manager', 'waiter'],
    });
    await t.database.db
      .insert(tables)
      .values({ restaurantId: r.id, number: 1, capacity: 4, qrToken: `QR-${r.id.slice(0, 8)}` });
    return { ...r, token: `QR-${r.id.slice(0, 8)}` };
  };

  it('is refused below Enterprise Empire with a 403 naming the plan; removing it is allowed', async () => {
    for (const role of ['admin', 'manager'] as const) {
      const res = await api('PUT', '/api/restaurant/branding', await signInAs(t, role), BRAND);
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        error:
          'White label is not part of the Growth Grill plan; the Enterprise Empire plan includes it.',
        code: 'FORBIDDEN',
      });
    }
    // The demo restaurant's stored brand is not shown on its plan, and can be removed.
    const cleared = await api('PUT', '/api/restaurant/branding', await signInAs(t, 'admin'), {
      brandName: null,
      primaryColor: null,
      logoUrl: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ own: {}, allowed: false });
    const [demo] = await t.database.db
      .select({ branding: restaurants.branding })
      .from(restaurants)
      .where(eq(restaurants.id, t.restaurantId));
    expect(demo?.branding).toEqual({});
  });

  it('lets only admins and managers set it, and checks it like the platform brand', async () => {
    const r = await enterprise('Checked');
    expect((await api('PUT', '/api/restaurant/branding', r.tokens.waiter!, BRAND)).statusCode).toBe(
      403,
    );
    expect((await api('PUT', '/api/restaurant/branding', team, BRAND)).statusCode).toBe(403);
    const bad = await api('PUT', '/api/restaurant/branding', r.tokens.admin!, {
      ...BRAND,
      logoUrl: 'http://cdn.example.com/x.png',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Logo URL must be a full https:// address');
    const colour = await api('PUT', '/api/restaurant/branding', r.tokens.admin!, {
      primaryColor: 'blue',
    });
    expect(colour.json().error).toBe('Primary colour must be a colour like #1d4ed8');
    // Any of its staff reads what their screens show.
    const read = await api('GET', '/api/restaurant/branding', r.tokens.waiter!);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ allowed: true, effective: { source: 'platform' } });
  });

  it('changes only the parts of the brand an update names; null or an empty text clears one', async () => {
    const r = await enterprise('Partial Kitchen');
    await api('PUT', '/api/restaurant/branding', r.tokens.admin!, BRAND);
    const colour = await api('PUT', '/api/restaurant/branding', r.tokens.admin!, {
      primaryColor: '#1D4ED8',
    });
    expect(colour.statusCode).toBe(200);
    expect(colour.json().data.own).toEqual({ ...BRAND, primaryColor: '#1d4ed8' });
    expect(
      (await api('GET', `/api/menu/public?token=${r.token}`, null)).json().data.restaurant.branding,
    ).toEqual({ ...BRAND, primaryColor: '#1d4ed8' });

    const cleared = await api('PUT', '/api/restaurant/branding', r.tokens.admin!, {
      logoUrl: null,
      brandName: '',
    });
    expect(cleared.json().data.own).toEqual({ primaryColor: '#1d4ed8' });
    // Saving nothing new changes nothing.
    const same = await api('PUT', '/api/restaurant/branding', r.tokens.admin!, {});
    expect(same.json().data.own).toEqual({ primaryColor: '#1d4ed8' });
  });

  it("shows an Enterprise restaurant's brand on its guest page, staff screens and printed codes", async () => {
    const r = await enterprise('Empire Kitchen');
    const waiterScreen = await TestSocket.open(`${base}/ws?token=${r.tokens.waiter}`);
    await waiterScreen.waitReady();
    // Its guest menu is cached before the change: the change must reach it.
    expect(
      (await api('GET', `/api/menu/public?token=${r.token}`, null)).json().data.restaurant.branding,
    ).toEqual({});

    const res = await api('PUT', '/api/restaurant/branding', r.tokens.manager!, BRAND);
    expect(res.statusCode).toBe(200);
    const own = { ...BRAND, primaryColor: '#7c2d12' };
    expect(res.json().data).toEqual({
      own,
      allowed: true,
      effective: { ...own, source: 'restaurant' },
    });
    expect(
      (await api('GET', `/api/menu/public?token=${r.token}`, null)).json().data.restaurant.branding,
    ).toEqual(own);
    // Staff screens hear that it changed and read it again.
    await waiterScreen.waitFor((m) =>
      m.some((e) => e.type === 'menu_updated' && e.data.action === 'branding'),
    );
    waiterScreen.close();
    expect(
      (await api('GET', '/api/restaurant/branding', r.tokens.waiter!)).json().data.effective,
    ).toMatchObject({ brandName: 'Empire Eats', source: 'restaurant' });

    // Printed codes: the brand's name on the sheet, the code in its colour.
    const pdf = await api('GET', '/api/tables/qr.pdf', r.tokens.manager!);
    expect(pdf.statusCode).toBe(200);
    const doc = await PDFDocument.load(pdf.rawPayload, { updateMetadata: false });
    expect(doc.getTitle()).toBe('Empire Eats table QR codes');
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, r.token));
    const svg = await api('GET', `/api/tables/${table!.id}/qr.svg`, r.tokens.manager!);
    expect(svg.body).toContain('#7c2d12');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'restaurant.branding'));
    expect(entry).toBeTruthy();

    // A part left out comes from the platform's brand.
    await api('PUT', '/api/platform/settings', team, { logoUrl: 'https://cdn.example.com/p.png' });
    await api('PUT', '/api/restaurant/branding', r.tokens.admin!, {
      primaryColor: null,
      logoUrl: null,
    });
    expect(
      (await api('GET', `/api/menu/public?token=${r.token}`, null)).json().data.restaurant.branding,
    ).toEqual({ brandName: 'Empire Eats', logoUrl: 'https://cdn.example.com/p.png' });
    await api('PUT', '/api/platform/settings', team, { logoUrl: null });
  });
});

describe('printed codes', () => {
  it('use the brand colour for the code only when it stays scannable', () => {
    expect(qrDarkColor('#7C2D12')).toBe('#7c2d12');
    expect(qrDarkColor('#fde047')).toBe('#000000');
    expect(qrDarkColor(undefined)).toBe('#000000');
  });

  it('never fetch a logo from this machine, however its address is written', async () => {
    // A listener on this machine counts what reaches it; the logo fetch speaks TLS, so any
    // connection at all shows that the address was not refused first.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '::', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      for (const host of [
        '127.0.0.1',
        '127.1',
        '2130706433',
        '0x7f.1',
        '0.0.0.0',
        '[::ffff:127.0.0.1]',
        '[::1]',
        'localhost',
      ]) {
        expect(await logoForPrint(`https://${host}:${port}/logo.png`), host).toBeNull();
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
    expect(await logoForPrint('http://93.184.216.34/logo.png')).toBeNull();
  });
});
