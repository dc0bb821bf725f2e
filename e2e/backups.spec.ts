import fs from 'node:fs';
import { expect, test } from './fixtures';
import { strFromU8, unzipSync } from 'fflate';
import { signInWithDemoCard, staffHeaders } from './helpers';

test('admin1 makes a backup, sees it listed and downloads the ZIP', async ({ page, request }) => {
  await signInWithDemoCard(page, 'admin1');
  await expect(page).toHaveURL('/admin');
  await page.getByRole('tab', { name: 'Backup' }).click();
  await expect(page.getByRole('heading', { name: 'Backup', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Create Backup Now' }).click();
  await expect(page.getByText('Backup started')).toBeVisible();
  // Newest first: admin1's backup goes from Running to Ready by itself (the job runner makes it).
  const row = page.getByRole('row').filter({ hasText: 'Manual (Alessandro Ferri)' }).first();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB)/);

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download backup of / }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^tavola-backup-\d{8}-\d{4}\.zip$/);
  const zip = fs.readFileSync(await file.path());
  // A ZIP (local file header "PK\3\4") with the complete export in it.
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const files = unzipSync(new Uint8Array(zip));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining([
      'manifest.json',
      'orders.csv',
      'users.csv',
      'analytics.csv',
      'tables/restaurants.json',
      'tables/users.json',
      'tables/orders.json',
      'tables/order_items.json',
      'tables/tickets.json',
      'tables/payments.json',
      'tables/audit_log.json',
    ]),
  );
  const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
    restaurant: { name: string };
    tables: { name: string; rows: number }[];
    excludedColumns: { table: string; column: string }[];
  };
  expect(manifest.restaurant.name).toBe('Tavola Demo Bistro');
  // The demo's weeks of history are in it.
  expect(manifest.tables.find((t) => t.name === 'orders')!.rows).toBeGreaterThan(100);
  expect(manifest.excludedColumns).toContainEqual(
    expect.objectContaining({ table: 'users', column: 'password_hash' }),
  );
  const users = strFromU8(files['users.csv']!);
  expect(users).toContain('admin1,Alessandro Ferri,admin');
  expect(users + strFromU8(files['tables/users.json']!)).not.toContain('$argon2');

  // Both are in the audit log, by admin1.
  const headers = await staffHeaders(request, 'admin1', 'admin123');
  for (const action of ['backup.created', 'backup.downloaded']) {
    const res = await request.get(`/api/audit-log?action=${action}`, { headers });
    const entries = (await res.json()).data.rows as { user: { username: string } | null }[];
    expect(entries[0]?.user?.username, action).toBe('admin1');
  }
});
