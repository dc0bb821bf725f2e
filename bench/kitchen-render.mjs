// A kitchen screen with 200 open tickets, in Chromium: the time from a new order's event reaching
// the page's WebSocket to its ticket being in the DOM (event applied and rendered).
// Usage: node bench/kitchen-render.mjs [openTickets=200] [samples=20]   (after npm run build)
import { chromium } from '@playwright/test';
import { machine, menuIds, percentile, startServer } from './lib.mjs';

const OPEN = Number(process.argv[2] ?? 200);
const SAMPLES = Number(process.argv[3] ?? 20);

const server = await startServer({ port: 3900 + Math.floor(Math.random() * 90) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const food = (await menuIds(server.base, 'QR-T1')).filter((i) => i.category === 'food');
  const order = async (i) => {
    const res = await fetch(`${server.base}/api/orders/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: `QR-T${(i % 12) + 1}`,
        items: [{ menuItemId: food[i % food.length].id, quantity: 1 + (i % 3) }],
      }),
    });
    return (await res.json()).data.order_number;
  };
  const first = await order(0);
  for (let i = 1; i < OPEN; i++) await order(i);

  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  // Record when each kitchen_order message reaches the page, before the app handles it.
  await page.addInitScript(() => {
    window.__arrivals = {};
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          try {
            const m = JSON.parse(e.data);
            if (m.type === 'kitchen_order')
              window.__arrivals[m.data.orderNumber] = performance.now();
          } catch {
            // Not an event message.
          }
        });
      }
    };
  });
  await page.goto(`${server.base}/login`);
  await page.getByLabel('Username').fill('kitchen1');
  await page.getByLabel('Password').fill('kitchen123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/kitchen');
  await page
    .getByTestId('count-new')
    .filter({ hasText: String(OPEN) })
    .waitFor();
  await page.waitForTimeout(500);

  const applied = [];
  for (let s = 0; s < SAMPLES; s++) {
    // Watch the DOM for the next order's ticket, then place it.
    const next = first + OPEN + s;
    const watch = page.evaluate(
      (n) =>
        new Promise((resolve) => {
          const seen = () => document.querySelector(`article[aria-label^="Order ${n},"]`);
          const obs = new MutationObserver(() => {
            if (seen()) {
              obs.disconnect();
              resolve(performance.now());
            }
          });
          obs.observe(document.body, { childList: true, subtree: true });
        }),
      next,
    );
    const number = await order(OPEN + s);
    if (number !== next) throw new Error(`expected order ${next}, got ${number}`);
    const renderedAt = await watch;
    const arrivedAt = await page.evaluate((n) => window.__arrivals[n], next);
    applied.push(renderedAt - arrivedAt);
    await page.waitForTimeout(300);
  }
  applied.sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        openTickets: OPEN,
        samples: SAMPLES,
        applyP50Ms: +percentile(applied, 50).toFixed(1),
        applyP95Ms: +percentile(applied, 95).toFixed(1),
        applyP99Ms: +percentile(applied, 99).toFixed(1),
        applyMaxMs: +applied[applied.length - 1].toFixed(1),
        ticketsOnScreen: await page.locator('article[aria-label^="Order "]').count(),
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
}
