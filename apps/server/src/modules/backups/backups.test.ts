import { BACKUP_ALREADY_RUNNING, type DomainEvent, backupsRoutes } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, backups, restaurants } from '../../core/db/schema.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { startDueBackups } from './index.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('backups (issue 15, item 6) on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let admin: string;
  const published: DomainEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    t.app.bus.subscribe((e) => published.push(e));
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  const list = async (token = admin) => (await api.as(token).call(backupsRoutes.listBackups)).data;
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
    const res = await api.as(admin).call(backupsRoutes.createBackup);
    expect(res.status, res.res.body).toBe(202);
    const created = res.data;
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

    const download = await api
      .as(admin)
      .call(backupsRoutes.downloadBackup, { params: { id: created.id } });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="tavola-backup-demo-\d{8}-\d{4}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(download.res.rawPayload));
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
    expect(download.res.rawPayload.length).toBe(ready.sizeBytes);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest.restaurant.id).toBe(t.restaurantId);
    expect(await audits('backup.downloaded')).toHaveLength(1);
  });

  it('refuses a second Create Backup Now while one is being made (409)', async () => {
    const [running] = await t.database.db
      .insert(backups)
      .values({ restaurantId: t.restaurantId, kind: 'manual', status: 'running' })
      .returning();
    const res = await api.as(admin).call(backupsRoutes.createBackup);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: BACKUP_ALREADY_RUNNING,
      code: 'BACKUP_ALREADY_RUNNING',
    });
    // Not downloadable, not deletable while running.
    expect(
      (await api.as(admin).call(backupsRoutes.downloadBackup, { params: { id: running!.id } }))
        .status,
    ).toBe(409);
    expect(
      (await api.as(admin).call(backupsRoutes.deleteBackup, { params: { id: running!.id } }))
        .status,
    ).toBe(409);
    await t.database.db.delete(backups).where(eq(backups.id, running!.id));
  });

  it('is for the admin only: manager, waiter and kitchen get 403; another restaurant 404', async () => {
    const [mine] = await t.database.db
      .select({ id: backups.id })
      .from(backups)
      .where(and(eq(backups.restaurantId, t.restaurantId), eq(backups.status, 'ready')))
      .limit(1);
    const id = { id: mine!.id };
    for (const role of ['manager', 'waiter', 'kitchen'] as const) {
      const as = api.as(await signInAs(t, role));
      for (const [what, res] of [
        ['list', await as.call(backupsRoutes.listBackups)],
        ['create', await as.call(backupsRoutes.createBackup)],
        [
          'settings',
          await as.call(backupsRoutes.updateBackupSettings, {
            body: { autoBackup: true, intervalHours: 6, keep: 10 },
          }),
        ],
        ['download', await as.call(backupsRoutes.downloadBackup, { params: id })],
        ['delete', await as.call(backupsRoutes.deleteBackup, { params: id })],
        ['orders', await as.call(backupsRoutes.exportData, { params: { kind: 'orders' } })],
        ['all', await as.call(backupsRoutes.exportData, { params: { kind: 'all' } })],
      ] as const) {
        expect(res.status, `${role} ${what}`).toBe(403);
      }
    }
    const other = await createOtherRestaurant(t, { roles: ['admin'] });
    const otherAdmin = other.tokens.admin!;
    expect(
      (await api.as(otherAdmin).call(backupsRoutes.downloadBackup, { params: { id: mine!.id } }))
        .status,
    ).toBe(404);
    expect(
      (await api.as(otherAdmin).call(backupsRoutes.deleteBackup, { params: { id: mine!.id } }))
        .status,
    ).toBe(404);
    expect((await list(otherAdmin)).backups).toEqual([]);
    // Their backup is theirs: made from their rows only.
    const theirs = await api.as(otherAdmin).call(backupsRoutes.createBackup);
    expect(theirs.status).toBe(202);
    await vi.waitFor(
      async () => expect((await list(otherAdmin)).backups[0]?.status).toBe('ready'),
      { timeout: 20_000, interval: 50 },
    );
    const zip = await api
      .as(otherAdmin)
      .call(backupsRoutes.downloadBackup, { params: { id: theirs.data.id } });
    const rows = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(zip.res.rawPayload))['tables/users.json']!),
    );
    expect(rows.map((u: { username: string }) => u.username)).toEqual([other.usernames.admin]);
    // Unknown ids and bad kinds.
    expect(
      (await api.as(admin).call(backupsRoutes.downloadBackup, { params: { id: 'not-a-uuid' } }))
        .status,
    ).toBe(400);
    expect(
      (await api.as(admin).send(backupsRoutes.exportData, { params: { kind: 'everything' } }))
        .status,
    ).toBe(400);
  });

  it('saves the automatic schedule with the contract bounds, audited', async () => {
    const ok = await api.as(admin).call(backupsRoutes.updateBackupSettings, {
      body: {
        autoBackup: false,
        intervalHours: 12,
        keep: 3,
      },
    });
    expect(ok.status, ok.res.body).toBe(200);
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
      // Sent unchecked: settings the route must refuse.
      const bad = await api.as(admin).send(backupsRoutes.updateBackupSettings, { body });
      expect(bad.status).toBe(400);
      expect(bad.error).toContain(message);
    }
  });

  it('starts an automatic backup when one is due and keeps only the newest ones', async () => {
    await api.as(admin).call(backupsRoutes.updateBackupSettings, {
      body: {
        autoBackup: true,
        intervalHours: 6,
        keep: 2,
      },
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
    await api.as(admin).call(backupsRoutes.updateBackupSettings, {
      body: {
        autoBackup: true,
        intervalHours: 6,
        keep: 1,
      },
    });
    const autos = (await list()).backups.filter((b) => b.kind === 'auto');
    expect(autos.map((b) => b.id)).toEqual([started[0]]);
  });

  it('exports Orders, Users and Analytics as CSV and All as the ZIP, audited', async () => {
    const orders = await api
      .as(admin)
      .call(backupsRoutes.exportData, { params: { kind: 'orders' } });
    expect(orders.status).toBe(200);
    expect(orders.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(orders.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(orders.res.body.startsWith('\uFEFFOrder #,Table,Status')).toBe(true);

    const users = await api.as(admin).call(backupsRoutes.exportData, { params: { kind: 'users' } });
    const lines = users.res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Username,Name,Role,Status,Email,Shift,Two-factor,Last sign-in,Created (Europe/Rome)',
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['admin1', 'bar1', 'kitchen1', 'manager1', 'waiter1']);
    expect(users.res.body).not.toContain('$argon2');

    const analytics = await api
      .as(admin)
      .call(backupsRoutes.exportData, { params: { kind: 'analytics' } });
    expect(analytics.res.body.replace('\uFEFF', '').split('\r\n')[0]).toBe(
      'Date,Orders,Voided orders,Items sold,Sales,Average order,Payments,Tips',
    );

    const all = await api.as(admin).call(backupsRoutes.exportData, { params: { kind: 'all' } });
    expect(all.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(all.res.rawPayload)))).toContain(
      'tables/restaurants.json',
    );

    const exported = (await audits('data.exported')).map((a) => a.details.export).sort();
    expect(exported).toEqual(['all', 'analytics', 'orders', 'users']);
  });

  it('deletes a backup: gone from the list, audited, live', async () => {
    const ready = (await list()).backups.find((b) => b.kind === 'manual' && b.status === 'ready')!;
    const res = await api.as(admin).call(backupsRoutes.deleteBackup, { params: { id: ready.id } });
    expect(res.status).toBe(200);
    expect((await list()).backups.map((b) => b.id)).not.toContain(ready.id);
    expect(await audits('backup.deleted')).toHaveLength(1);
    expect(
      published.some(
        (e) => e.type === 'backup_updated' && e.data.backupId === ready.id && e.data.removed,
      ),
    ).toBe(true);
    expect(
      (await api.as(admin).call(backupsRoutes.deleteBackup, { params: { id: ready.id } })).status,
    ).toBe(404);
  });
});

describe('a backup too large to make (BACKUP_MAX_MB)', () => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    // About 2 KB: the demo restaurant alone holds more.
    t = await createTestApp('pglite', { backupMaxBytes: 2000 });
    api = client(t.app);
  });
  afterAll(async () => t?.close());

  it('fails with a reason the admin can act on, and All refuses with 413', async () => {
    const admin = await signInAs(t, 'admin');
    const created = await api.as(admin).call(backupsRoutes.createBackup);
    expect(created.status).toBe(202);
    const failed = await vi.waitFor(
      async () => {
        const list = (await api.as(admin).call(backupsRoutes.listBackups)).data;
        expect(list.backups[0]?.status).toBe('failed');
        return list.backups[0]!;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(failed.error).toBe(
      'The backup would hold more than 2 KB of data. Export Orders, Users and Analytics separately instead.',
    );
    expect(failed.sizeBytes).toBeNull();
    const all = await api.as(admin).call(backupsRoutes.exportData, { params: { kind: 'all' } });
    expect(all.status).toBe(413);
    expect(all.error).toContain('The backup would hold more than');
    // The spreadsheets are not held back by the cap.
    const orders = await api
      .as(admin)
      .call(backupsRoutes.exportData, { params: { kind: 'orders' } });
    expect(orders.status).toBe(200);
  });
});
