import { expect, test, type APIRequestContext } from './fixtures';
import { newTable, staffHeaders } from './helpers';

const DEMO = 'Tavola Demo Bistro';

/** Money as the screens show it (an Indian-English locale), from euro cents. */
const euros = (cents: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'EUR' }).format(cents / 100);

type Invoice = {
  name: string;
  payments: { cents: number };
  feeCents: number;
  totalCents: number;
};
type Figures = {
  subscriptions: {
    plans: { name: string; customers: number; revenueCents: number }[];
    invoices: Invoice[];
  };
  analytics: { gmvCents: number; feeCents: number; orders: number; mrrCents: number };
};

async function figures(request: APIRequestContext, team: Record<string, string>): Promise<Figures> {
  const [s, a] = await Promise.all([
    request.get('/api/platform/subscriptions', { headers: team }),
    request.get('/api/platform/analytics', { headers: team }),
  ]);
  expect(s.status()).toBe(200);
  expect(a.status()).toBe(200);
  return { subscriptions: (await s.json()).data, analytics: (await a.json()).data };
}

const demoInvoice = (f: Figures) => f.subscriptions.invoices.find((i) => i.name === DEMO)!;

test("the team's Subscriptions and Analytics tabs show a paid order's money", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const team = await staffHeaders(request, 'team1', 'team123');
  const before = await figures(request, team);

  // A guest orders at a new table of the demo restaurant and its manager takes the payment.
  const table = await newTable(request);
  const menu = (await (await request.get(`/api/menu/public?token=${table.token}`)).json()).data
    .menu as Record<string, { id: string; name: string; available: boolean }[]>;
  const burger = Object.values(menu)
    .flat()
    .find((i) => i.name === 'Classic Burger' && i.available)!;
  const ordered = await request.post('/api/orders/public', {
    headers: { 'idempotency-key': `billing-${Date.now()}` },
    data: { token: table.token, items: [{ menuItemId: burger.id, quantity: 3 }], currency: 'eur' },
  });
  expect(ordered.status()).toBe(201);
  const summary = (
    await (await request.get(`/api/sessions/public/summary?token=${table.token}`)).json()
  ).data as { sessionId: string; totalAmount: number };
  const billCents = Math.round(summary.totalAmount * 100);
  expect(billCents).toBeGreaterThan(0);
  const manager = await staffHeaders(request, 'manager1', 'manager123');
  const paid = await request.post(`/api/sessions/${summary.sessionId}/payments`, {
    headers: manager,
    data: { method: 'card' },
  });
  expect(paid.status()).toBe(201);

  const after = await figures(request, team);
  // The payment is in this month's invoice and in the last 30 days, to the cent.
  expect(demoInvoice(after).payments.cents - demoInvoice(before).payments.cents).toBe(billCents);
  expect(after.analytics.gmvCents - before.analytics.gmvCents).toBe(billCents);
  expect(after.analytics.orders - before.analytics.orders).toBe(1);

  // team1 opens the console: the Subscriptions tab shows those figures.
  await page.goto('/team/login');
  await page.getByLabel('Username').fill('team1');
  await page.getByLabel('Password').fill('team123');
  await page.getByRole('button', { name: 'Access Team Portal' }).click();
  await expect(page).toHaveURL('/team');
  await page.getByRole('tab', { name: 'Subscriptions' }).click();

  const growth = page.getByRole('article', { name: 'Growth Grill' });
  const growthCard = after.subscriptions.plans.find((p) => p.name === 'Growth Grill')!;
  await expect(growth).toContainText('€199.00 / month');
  await expect(growth).toContainText(`Customers${growthCard.customers}`);
  await expect(growth).toContainText(`Revenue this month${euros(growthCard.revenueCents)}`);
  await expect(page.getByRole('article', { name: 'Starter Feast' })).toContainText('14-day trial');
  await expect(page.getByRole('article', { name: 'Enterprise Empire' })).toContainText(
    '€1,990.00 / year',
  );

  const row = page.getByRole('row', { name: new RegExp(DEMO) });
  const invoice = demoInvoice(after);
  await expect(row).toContainText(euros(invoice.payments.cents));
  // 1.9% of the month's payments, rounded to the cent.
  expect(invoice.feeCents).toBe(Math.round((invoice.payments.cents * 190) / 10_000));
  await expect(row).toContainText(euros(invoice.feeCents));
  await expect(row).toContainText(euros(invoice.totalCents));

  // The Analytics tab: GMV, fees and orders of the last 30 days, MRR.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const figure = (name: string) =>
    page.getByRole('list', { name: 'Platform figures' }).getByRole('listitem', { name });
  await expect(figure('GMV')).toContainText(euros(after.analytics.gmvCents));
  await expect(figure('Transaction fees')).toContainText(euros(after.analytics.feeCents));
  await expect(figure('Orders')).toContainText(
    new Intl.NumberFormat('en-GB').format(after.analytics.orders),
  );
  await expect(figure('MRR')).toContainText(euros(after.analytics.mrrCents));
});

test('on a phone the Subscriptions and Analytics tabs never scroll the page sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/team/login');
  await page.getByLabel('Username').fill('team1');
  await page.getByLabel('Password').fill('team123');
  await page.getByRole('button', { name: 'Access Team Portal' }).click();
  await expect(page).toHaveURL('/team');
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  // The invoice table is wider than a phone: it scrolls inside its card.
  await expect(page.getByRole('row', { name: new RegExp(DEMO) })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('list', { name: 'Platform figures' })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
});
