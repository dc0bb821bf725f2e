// `npm run screenshots`: real screenshots of Tavola's own screens for the landing page, made from
// the seeded demo (guest menu on a phone, waiter, kitchen, bar, manager analytics), saved as WebP
// (encoded by Chromium itself) in apps/web/src/features/landing/screens/, with their sizes.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { menuIds, root, startServer } from '../bench/lib.mjs';

const out = path.join(root, 'apps/web/src/features/landing/screens');
fs.mkdirSync(out, { recursive: true });

const server = await startServer({ port: 4900 + Math.floor(Math.random() * 90) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const sizes = {};
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
  await fetch(`${base}/api/tables/public/call-waiter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: 'QR-T4' }),
  });

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
    fs.writeFileSync(path.join(out, `${name}.webp`), Buffer.from(dataUrl.split(',')[1], 'base64'));
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
      await p.getByRole('tab', { name: 'All Active' }).click();
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
  await shot('manager', {
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
      `${name}.webp ${Math.round(fs.statSync(path.join(out, `${name}.webp`)).size / 1024)} KB`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
