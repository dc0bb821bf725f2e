// `npm run screenshots`: real screenshots of Tavola's own screens for the landing page, made from
// the seeded demo (a table's printed QR code, guest menu on a phone, waiter, kitchen, bar, manager
// overview and analytics), saved as WebP (encoded by Chromium itself) in
// apps/web/src/features/landing/screens/, with their sizes. SCREENSHOTS_PORT picks the server's
// port (default: a random one from 4900).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { login, menuIds, root, startServer } from '../bench/lib.mjs';

const out = path.join(root, 'apps/web/src/features/landing/screens');
fs.mkdirSync(out, { recursive: true });

const port = Number(process.env.SCREENSHOTS_PORT) || 4900 + Math.floor(Math.random() * 90);
// Printed codes point at the restaurant's public address; an example one, not this machine's.
const server = await startServer({ port, env: { PUBLIC_URL: 'https://tavola.example.com' } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const sizes = {};
// sizes.json keys the landing page reads (qrScan); kebab-case file names (qr-scan.webp).
const fileOf = (name) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.webp`;
try {
  const base = server.base;
  // A lively evening: a few tables with orders at different stages, one call for a waiter.
  const items = await menuIds(base, 'QR-T1');
  const food = items.filter((i) => i.category === 'food');
  const drinks = items.filter((i) => i.category === 'drinks');
  for (const [t, f, d] of [
    [2, 0, 0],
    [4, 1, 2],
    [5, 3, 1],
    [7, 4, 3],
    [9, 2, 4],
    [3, 5, 0],
  ]) {
    await fetch(`${base}/api/orders/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: `QR-T${t}`,
        items: [
          { menuItemId: food[f].id, quantity: 2 },
          { menuItemId: drinks[d].id, quantity: 2 },
        ],
      }),
    });
  }
  const guest = (route, token) =>
    fetch(`${base}/api/tables/public/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
  await guest('call-waiter', 'QR-T4');

  /** Calls the API as a demo account, throwing on a refusal so a wrong setup is not photographed. */
  const as = async (username) => {
    const { token, user } = await login(base, username, `${username.replace(/\d+$/, '')}123`);
    const call = async (method, route, body) => {
      const res = await fetch(`${base}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (route.endsWith('.svg')) return res.text();
      const json = await res.json();
      if (!json.success) throw new Error(`${method} ${route}: ${json.error}`);
      return json.data;
    };
    return { call, user };
  };

  // waiter1's tables, as the Waiter tab's caption says: 4 needs attention (the call above),
  // 5 has its order ready, 7 is waiting for payment. The new tables and orders are answered.
  const waiter = await as('waiter1');
  const floor = async () => (await waiter.call('GET', '/api/tables/floor')).tables;
  const tableNo = async (n) => (await floor()).find((t) => t.number === n);
  for (const n of [4, 5, 7])
    await waiter.call('POST', `/api/tables/${(await tableNo(n)).id}/claim`);
  for (const n of [5, 7]) {
    const table = await tableNo(n);
    for (const { type, refIds } of table.notifications) {
      if (type !== 'new_order') continue;
      for (const refId of refIds)
        await waiter.call('POST', `/api/tables/${table.id}/respond`, { type, refId });
    }
  }
  for (const [station, account] of [
    ['kitchen', 'kitchen1'],
    ['bar', 'bar1'],
  ]) {
    const staff = await as(account);
    const { tickets } = await staff.call('GET', `/api/tickets?station=${station}`);
    for (const t of tickets.filter((t) => t.tableNumber === 5)) {
      for (const action of ['start', 'ready'])
        await staff.call('POST', `/api/tickets/${t.id}/transition`, { action });
    }
  }
  await guest('request-payment', 'QR-T7');

  const encoder = await browser.newPage();
  const save = async (name, png, width, height) => {
    const dataUrl = await encoder.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      canvas.getContext('2d').drawImage(img, 0, 0);
      return canvas.toDataURL('image/webp', 0.78);
    }, png.toString('base64'));
    fs.writeFileSync(path.join(out, fileOf(name)), Buffer.from(dataUrl.split(',')[1], 'base64'));
    sizes[name] = { width, height };
  };

  const shot = async (name, { user, url, width, height, scale = 1, prepare }) => {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: scale,
    });
    const page = await context.newPage();
    if (user) {
      await page.goto(`${base}/login`);
      await page.getByLabel('Username').fill(user);
      await page.getByLabel('Password').fill(`${user.replace(/\d+$/, '')}123`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`**${url}`);
    } else {
      await page.goto(`${base}${url}`);
    }
    await page.waitForTimeout(1200);
    if (prepare) await prepare(page);
    await save(name, await page.screenshot(), width * scale, height * scale);
    await context.close();
  };

  // What a guest scans: table 1's printed code (the server's own QR image) on a table card.
  const manager = await as('manager1');
  const table1 = (await manager.call('GET', '/api/tables')).find((t) => t.number === 1);
  const qrSvg = await manager.call('GET', `/api/tables/${table1.id}/qr.svg`);
  {
    const width = 320;
    const height = 400;
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.setContent(`<!doctype html>
      <body style="margin:0;height:100vh;display:grid;place-items:center;
        background:linear-gradient(160deg,#d6c3a5,#a8835a);font-family:system-ui,sans-serif">
        <figure style="margin:0;width:230px;padding:18px 18px 14px;border-radius:16px;
          background:#fff;box-shadow:0 12px 30px rgba(0,0,0,.25);text-align:center;color:#1c1917">
          <div style="font-weight:900;font-size:18px;color:#9a3412">${manager.user.restaurant.name}</div>
          <div style="width:190px;height:190px;margin:10px auto">${qrSvg.replace('<svg', '<svg width="190" height="190"')}</div>
          <div style="font-weight:800;font-size:20px">Table ${table1.number}</div>
          <div style="font-size:13px;color:#57534e">Scan to see the menu and order</div>
        </figure>
      </body>`);
    await save('qrScan', await page.screenshot(), width * 2, height * 2);
    await context.close();
  }

  await shot('customer', {
    url: '/order?token=QR-T1',
    width: 390,
    height: 780,
    prepare: async (p) => {
      await p.getByRole('button', { name: 'Add Classic Burger' }).click();
      await p.getByRole('button', { name: 'Add Truffle Fries' }).click();
    },
  });
  await shot('waiter', {
    user: 'waiter1',
    url: '/waiter',
    width: 1200,
    height: 760,
    prepare: async (p) => {
      await p.getByRole('tab', { name: 'My Tables' }).click();
      await p.waitForTimeout(300);
    },
  });
  // Some tickets under way, one ready, so every column of the displays has something.
  const advance = async (p, start) => {
    for (let i = 0; i < 3; i++) {
      await p.getByRole('button', { name: start }).first().click();
      await p.waitForTimeout(250);
    }
    await p.getByRole('button', { name: 'Mark Ready' }).first().click();
    await p.waitForTimeout(1200);
  };
  await shot('kitchen', {
    user: 'kitchen1',
    url: '/kitchen',
    width: 1440,
    height: 860,
    prepare: (p) => advance(p, 'Start Cooking'),
  });
  await shot('bar', {
    user: 'bar1',
    url: '/bar',
    width: 1440,
    height: 860,
    prepare: (p) => advance(p, 'Start Making'),
  });
  // The overview's figures and quick actions; the rest of the page is empty.
  await shot('manager', { user: 'manager1', url: '/manager', width: 1280, height: 400 });
  await shot('analytics', {
    user: 'manager1',
    url: '/manager',
    width: 1280,
    height: 820,
    prepare: async (p) => {
      await p.getByRole('tab', { name: 'Analytics' }).click();
      await p.waitForTimeout(1000);
    },
  });
  fs.writeFileSync(path.join(out, 'sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
  for (const name of Object.keys(sizes)) {
    console.log(
      `${fileOf(name)} ${Math.round(fs.statSync(path.join(out, fileOf(name))).size / 1024)} KB`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
