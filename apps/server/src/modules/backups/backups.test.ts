import { BACKUP_ALREADY_RUNNING, type BackupList, type DomainEvent } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, backups, restaurants } from '../../core/db/schema.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { startDueBackups } from './index.js';

describe.each(BACKENDS)('backups (issue 15, item 6) on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const published: DomainEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.app.bus.subscribe((e) => published.push(e));
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token = admin,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const list = async (token = admin) =>
    (await call('GET', '/api/backups', token)).json<{ data: BackupList }>().data;
  const waitReady = (id: string) =>
    vi.waitFor(
      async () => {
        const b = (await list()).backups.find((x) => x.id === id);
        expect(b?.status).toBe('ready');
        return b!;
      },
      { timeout: 20_000, interval: 50 },
    );
  const audits = (action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.restaurantId, t.restaurantId), eq(auditLog.action, action)));

  it('Create Backup Now makes a backup in the background: running, then ready, live and audited', async () => {
    const res = await call('POST', '/api/backups');
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json().data;
    expect(created).toMatchObject({
      kind: 'manual',
      status: 'running',
      sizeBytes: null,
      createdBy: { name: 'Alessandro Ferri' },
    });

    const ready = await waitReady(created.id);
    expect(ready.sizeBytes).toBeGreaterThan(1000);
    expect(ready.finishedAt).not.toBeNull();
    const statuses = published
      .filter((e) => e.type === 'backup_updated' && e.data.backupId === created.id)
      .map((e) => (e.type === 'backup_updated' ? e.data.status : null));
    expect(statuses).toEqual(['running', 'ready']);
    expect(await audits('backup.created')).toHaveLength(1);

    const download = await call('GET', `/api/backups/${created.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="tavola-backup-demo-\d{8}-\d{4}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'orders.csv',
        'users.csv',
        'analytics.csv',
        'tables/orders.json',
        'tables/order_items.json',
        'tables/tickets.json',
      ]),
    );
    expect(download.rawPayload.length).toBe(ready.sizeBytes);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest.restaurant.id).toBe(t.restaurantId);
    expect(await audits('backup.downloaded')).toHaveLength(1);
  });

  it('refuses a second Create Backup Now while one is being made (409)', async () => {
    const [running] = await t.database.db
      .insert(backups)
      .values({ restaurantId: t.restaurantId, kind: 'manual', status: 'running' })
      .returning();
    const res = await call('POST', '/api/backups');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, error: BACKUP_ALREADY_RUNNING, code: 'CONFLICT' });
    // Not downloadable, not deletable while running.
    expect((await call('GET', `/api/backups/${running!.id}/download`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/backups/${running!.id}`)).statusCode).toBe(409);
    await t.database.db.delete(backups).where(eq(backups.id, running!.id));
  });

  it('is for the admin only: manager, waiter and kitchen get 403; another restaurant 404', async () => {
    const [mine] = await t.database.db
      .select({ id: backups.id })
      .from(backups)
      .where(and(eq(backups.restaurantId, t.restaurantId), eq(backups.status, 'ready')))
      .limit(1);
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['PUT', '/api/backups/settings', { autoBackup: true, intervalHours: 6, keep: 10 }],
      ['GET', `/api/backups/${mine!.id}/download`],
      ['DELETE', `/api/backups/${mine!.id}`],
      ['GET', '/api/backups/export/orders'],
      ['GET', '/api/backups/export/all'],
    ];
    for (const role of ['manager', 'waiter', 'kitchen'] as const) {
      const token = await signInAs(t, role);
      for (const [method, url, body] of routes) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const other = await createOtherRestaurant(t, { roles: ['admin'] });
    const otherAdmin = other.tokens.admin!;
    expect((await call('GET', `/api/backups/${mine!.id}/download`, otherAdmin)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/backups/${mine!.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await list(otherAdmin)).backups).toEqual([]);
    // Their backup is theirs: made from their rows only.
    const theirs = await call('POST', '/api/backups', otherAdmin);
    expect(theirs.statusCode).toBe(202);
    await vi.waitFor(
      async () => expect((await list(otherAdmin)).backups[0]?.status).toBe('ready'),
      { timeout: 20_000, interval: 50 },
    );
    const zip = await call('GET', `/api/backups/${theirs.json().data.id}/download`, otherAdmin);
    const rows = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['tables/users.json']!),
    );
    expect(rows.map((u: { username: string }) => u.username)).toEqual([other.usernames.admin]);
    // Unknown ids and bad kinds.
    expect((await call('GET', '/api/backups/not-a-uuid/download')).statusCode).toBe(400);
    expect((await call('GET', '/api/backups/export/everything')).statusCode).toBe(400);
  });

  it('saves the automatic schedule with the contract bounds, audited', async () => {
    const ok = await call('PUT', '/api/backups/settings', admin, {
      autoBackup: false,
      intervalHours: 12,
      keep: 3,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await list()).settings).toEqual({ autoBackup: false, intervalHours: 12, keep: 3 });
    expect((await list()).nextAutoBackupAt).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, t.restaurantId));
    expect(row).toMatchObject({ autoBackup: false, backupIntervalHours: 12, backupKeep: 3 });
    expect(await audits('backup.settings')).toHaveLength(1);
    for (const [body, message] of [
      [
        { autoBackup: true, intervalHours: 0, keep: 3 },
        'Backup interval must be between 1 and 168 hours',
      ],
      [
        { autoBackup: true, intervalHours: 6, keep: 101 },
        'Backups kept must be between 1 and 100 backups',
      ],
      [{ autoBackup: true, intervalHours: 1.5, keep: 3 }, 'Backup interval must be a whole number'],
      [{ autoBackup: 'yes', intervalHours: 6, keep: 3 }, 'Auto backup must be on or off'],
    ] as const) {
      const bad = await call('PUT', '/api/backups/settings', admin, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain(message);
    }
  });

  it('starts an automatic backup when one is due and keeps only the newest ones', async () => {
    await call('PUT', '/api/backups/settings', admin, {
      autoBackup: true,
      intervalHours: 6,
      keep: 2,
    });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // Three older automatic backups (one failed) and a manual one, all made before.
    const old = await t.database.db
      .insert(backups)
      .values([
        {
          restaurantId: t.restaurantId,
          kind: 'auto',
          status: 'ready',
          sizeBytes: 10,
          content: Buffer.from('a'),
          createdAt: hoursAgo(30),
          finishedAt: hoursAgo(30),
        },
        {
          restaurantId: t.restaurantId,
          kind: 'auto',
          status: 'failed',
          error: 'x',
          createdAt: hoursAgo(20),
          finishedAt: hoursAgo(20),
        },
        {
          restaurantId: t.restaurantId,
          kind: 'auto',
          status: 'ready',
          sizeBytes: 10,
          content: Buffer.from('b'),
          createdAt: hoursAgo(12),
          finishedAt: hoursAgo(12),
        },
        {
          restaurantId: t.restaurantId,
          kind: 'manual',
          status: 'ready',
          sizeBytes: 10,
          content: Buffer.from('c'),
          createdAt: hoursAgo(40),
          finishedAt: hoursAgo(40),
        },
      ])
      .returning({ id: backups.id });
    const [oldest, failed, newer, manual] = old.map((b) => b.id);

    // (The other restaurant of the tests is due too: it has auto backup on by default.)
    const ours = async () =>
      (await startDueBackups(t.app))
        .filter((b) => b.restaurantId === t.restaurantId)
        .map((b) => b.backupId);
    const started = await ours();
    expect(started).toHaveLength(1);
    await waitReady(started[0]!);
    // Not due again: the next tick starts nothing.
    expect(await ours()).toEqual([]);

    await vi.waitFor(async () => {
      const ids = (await list()).backups.map((b) => b.id);
      expect(ids).toContain(started[0]);
      expect(ids).toContain(newer);
      expect(ids).toContain(manual);
      expect(ids).not.toContain(oldest);
      expect(ids).not.toContain(failed);
    });
    const removed = published
      .filter((e) => e.type === 'backup_updated' && e.data.removed)
      .map((e) => (e.type === 'backup_updated' ? e.data.backupId : ''));
    expect(removed).toEqual(expect.arrayContaining([oldest, failed]));
    const next = new Date((await list()).nextAutoBackupAt!).getTime();
    expect(Math.abs(next - (Date.now() + 6 * 3_600_000))).toBeLessThan(60_000);

    // Keeping fewer takes effect at once.
    await call('PUT', '/api/backups/settings', admin, {
      autoBackup: true,
      intervalHours: 6,
      keep: 1,
    });
    const autos = (await list()).backups.filter((b) => b.kind === 'auto');
    expect(autos.map((b) => b.id)).toEqual([started[0]]);
  });

  it('exports Orders, Users and Analytics as CSV and All as the ZIP, audited', async () => {
    const orders = await call('GET', '/api/backups/export/orders');
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(orders.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(orders.body.startsWith('\uFEFFOrder #,Table,Status')).toBe(true);

    const users = await call('GET', '/api/backups/export/users');
    const lines = users.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Username,Name,Role,Status,Email,Shift,Two-factor,Last sign-in,Created (Europe/Rome)',
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['admin1', 'bar1', 'kitchen1', 'manager1', 'waiter1']);
    expect(users.body).not.toContain('$argon2');

    const analytics = await call('GET', '/api/backups/export/analytics');
    expect(analytics.body.replace('\uFEFF', '').split('\r\n')[0]).toBe(
      'Date,Orders,Voided orders,Items sold,Sales,Average order,Payments,Tips',
    );

    const all = await call('GET', '/api/backups/export/all');
    expect(all.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(all.rawPayload)))).toContain(
      'tables/restaurants.json',
    );

    const exported = (await audits('data.exported')).map((a) => a.details.export).sort();
    expect(exported).toEqual(['all', 'analytics', 'orders', 'users']);
  });

  it('deletes a backup: gone from the list, audited, live', async () => {
    const ready = (await list()).backups.find((b) => b.kind === 'manual' && b.status === 'ready')!;
    const res = await call('DELETE', `/api/backups/${ready.id}`);
    expect(res.statusCode).toBe(200);
    expect((await list()).backups.map((b) => b.id)).not.toContain(ready.id);
    expect(await audits('backup.deleted')).toHaveLength(1);
    expect(
      published.some(
        (e) => e.type === 'backup_updated' && e.data.backupId === ready.id && e.data.removed,
      ),
    ).toBe(true);
    expect((await call('DELETE', `/api/backups/${ready.id}`)).statusCode).toBe(404);
  });
});

describe('a backup too large to make (BACKUP_MAX_MB)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // About 2 KB: the demo restaurant alone holds more.
    t = await createTestApp('pglite', { backupMaxBytes: 2000 });
  });
  afterAll(async () => t?.close());

  it('fails with a reason the admin can act on, and All refuses with 413', async () => {
    const admin = await signInAs(t, 'admin');
    const headers = { authorization: `Bearer ${admin}` };
    const created = await t.app.inject({ method: 'POST', url: '/api/backups', headers });
    expect(created.statusCode).toBe(202);
    const failed = await vi.waitFor(
      async () => {
        const list = (await t.app.inject({ method: 'GET', url: '/api/backups', headers })).json<{
          data: BackupList;
        }>().data;
        expect(list.backups[0]?.status).toBe('failed');
        return list.backups[0]!;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(failed.error).toBe(
      'The backup would hold more than 2 KB of data. Export Orders, Users and Analytics separately instead.',
    );
    expect(failed.sizeBytes).toBeNull();
    const all = await t.app.inject({ method: 'GET', url: '/api/backups/export/all', headers });
    expect(all.statusCode).toBe(413);
    expect(all.json().error).toContain('The backup would hold more than');
    // The spreadsheets are not held back by the cap.
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/backups/export/orders',
      headers,
    });
    expect(orders.statusCode).toBe(200);
  });
});
