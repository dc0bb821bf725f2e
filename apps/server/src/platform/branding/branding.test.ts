import net, { type AddressInfo } from 'node:net';
import {
  menuRoutes,
  platformRoutes,
  restaurantAccountRoutes,
  tablesRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restaurants, tables } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { pdfInfo } from '../../testing/pdf-text.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';
import { qrDarkColor } from '../../modules/tables/qr-codes.js';
import { logoForPrint } from './print-logo.js';

const BRAND = {
  brandName: 'Empire Eats',
  primaryColor: '#7C2D12',
  logoUrl: 'https://cdn.example.com/empire.png',
};

describe.each(BACKENDS)("a restaurant's white label on %s", (backend) => {
  let t: TestApp;
  let base: string;
  let team: string;

  let api: Client;

  beforeAll(async () => {
    t = await createTestApp(backend, { wsHeartbeatMs: 60_000, publicUrl: 'https://tavola.test' });
    api = client(t.app);
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
      const res = await api
        .as(await signInAs(t, role))
        .call(restaurantAccountRoutes.updateRestaurantBranding, { body: BRAND });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({
        success: false,
        error:
          'White label is not part of the Growth Grill plan; the Enterprise Empire plan includes it.',
        code: 'FORBIDDEN',
      });
    }
    // The demo restaurant's stored brand is not shown on its plan, and can be removed.
    const cleared = await api
      .as(await signInAs(t, 'admin'))
      .call(restaurantAccountRoutes.updateRestaurantBranding, {
        body: {
          brandName: null,
          primaryColor: null,
          logoUrl: null,
        },
      });
    expect(cleared.status).toBe(200);
    expect(cleared.data).toMatchObject({ own: {}, allowed: false });
    const [demo] = await t.database.db
      .select({ branding: restaurants.branding })
      .from(restaurants)
      .where(eq(restaurants.id, t.restaurantId));
    expect(demo?.branding).toEqual({});
  });

  it('lets only admins and managers set it, and checks it like the platform brand', async () => {
    const r = await enterprise('Checked');
    expect(
      (
        await api
          .as(r.tokens.waiter!)
          .call(restaurantAccountRoutes.updateRestaurantBranding, { body: BRAND })
      ).status,
    ).toBe(403);
    expect(
      (await api.as(team).call(restaurantAccountRoutes.updateRestaurantBranding, { body: BRAND }))
        .status,
    ).toBe(403);
    const bad = await api
      .as(r.tokens.admin!)
      .send(restaurantAccountRoutes.updateRestaurantBranding, {
        body: { ...BRAND, logoUrl: 'http://cdn.example.com/x.png' },
      });
    expect(bad.status).toBe(400);
    expect(bad.error).toBe('Logo URL must be a full https:// address');
    const colour = await api
      .as(r.tokens.admin!)
      .send(restaurantAccountRoutes.updateRestaurantBranding, {
        body: { primaryColor: 'blue' },
      });
    expect(colour.error).toBe('Primary colour must be a colour like #1d4ed8');
    // Any of its staff reads what their screens show.
    const read = await api.as(r.tokens.waiter!).call(restaurantAccountRoutes.getRestaurantBranding);
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ allowed: true, effective: { source: 'platform' } });
  });

  it('changes only the parts of the brand an update names; null or an empty text clears one', async () => {
    const r = await enterprise('Partial Kitchen');
    await api
      .as(r.tokens.admin!)
      .call(restaurantAccountRoutes.updateRestaurantBranding, { body: BRAND });
    const colour = await api
      .as(r.tokens.admin!)
      .call(restaurantAccountRoutes.updateRestaurantBranding, {
        body: {
          primaryColor: '#1D4ED8',
        },
      });
    expect(colour.status).toBe(200);
    expect(colour.data.own).toEqual({ ...BRAND, primaryColor: '#1d4ed8' });
    expect(
      (await api.guest(r.token).call(menuRoutes.getPublicMenu)).data.restaurant.branding,
    ).toEqual({ ...BRAND, primaryColor: '#1d4ed8' });

    const cleared = await api
      .as(r.tokens.admin!)
      .call(restaurantAccountRoutes.updateRestaurantBranding, {
        body: {
          logoUrl: null,
          brandName: '',
        },
      });
    expect(cleared.data.own).toEqual({ primaryColor: '#1d4ed8' });
    // Saving nothing new changes nothing.
    const same = await api
      .as(r.tokens.admin!)
      .call(restaurantAccountRoutes.updateRestaurantBranding, { body: {} });
    expect(same.data.own).toEqual({ primaryColor: '#1d4ed8' });
  });

  it("shows an Enterprise restaurant's brand on its guest page, staff screens and printed codes", async () => {
    const r = await enterprise('Empire Kitchen');
    const waiterScreen = await TestSocket.open(`${base}/ws?token=${r.tokens.waiter}`);
    await waiterScreen.waitReady();
    // Its guest menu is cached before the change: the change must reach it.
    expect(
      (await api.guest(r.token).call(menuRoutes.getPublicMenu)).data.restaurant.branding,
    ).toEqual({});

    const res = await api
      .as(r.tokens.manager!)
      .call(restaurantAccountRoutes.updateRestaurantBranding, { body: BRAND });
    expect(res.status).toBe(200);
    const own = { ...BRAND, primaryColor: '#7c2d12' };
    expect(res.data).toEqual({
      own,
      allowed: true,
      effective: { ...own, source: 'restaurant' },
    });
    expect(
      (await api.guest(r.token).call(menuRoutes.getPublicMenu)).data.restaurant.branding,
    ).toEqual(own);
    // Staff screens hear that it changed and read it again.
    await waiterScreen.waitFor((m) =>
      m.some((e) => e.type === 'menu_updated' && e.data.action === 'branding'),
    );
    waiterScreen.close();
    expect(
      (await api.as(r.tokens.waiter!).call(restaurantAccountRoutes.getRestaurantBranding)).data
        .effective,
    ).toMatchObject({ brandName: 'Empire Eats', source: 'restaurant' });

    // Printed codes: the brand's name on the sheet, the code in its colour.
    const pdf = await api.as(r.tokens.manager!).call(tablesRoutes.getTableQrPdf);
    expect(pdf.status).toBe(200);
    expect(pdfInfo(pdf.res.rawPayload).title).toBe('Empire Eats table QR codes');
    const [table] = await t.database.db.select().from(tables).where(eq(tables.qrToken, r.token));
    const svg = await api
      .as(r.tokens.manager!)
      .call(tablesRoutes.getTableQrSvg, { params: { id: table!.id } });
    expect(svg.res.body).toContain('#7c2d12');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'restaurant.branding'));
    expect(entry).toBeTruthy();

    // A part left out comes from the platform's brand.
    await api.as(team).call(platformRoutes.updatePlatformSettings, {
      body: { logoUrl: 'https://cdn.example.com/p.png' },
    });
    await api.as(r.tokens.admin!).call(restaurantAccountRoutes.updateRestaurantBranding, {
      body: {
        primaryColor: null,
        logoUrl: null,
      },
    });
    expect(
      (await api.guest(r.token).call(menuRoutes.getPublicMenu)).data.restaurant.branding,
    ).toEqual({ brandName: 'Empire Eats', logoUrl: 'https://cdn.example.com/p.png' });
    await api.as(team).call(platformRoutes.updatePlatformSettings, { body: { logoUrl: null } });
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
