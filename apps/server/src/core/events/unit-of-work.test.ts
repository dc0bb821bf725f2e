import type { DomainEvent, User } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import type { StaffActor } from '../auth/actors.js';
import { auditLog, events, users } from '../db/schema.js';
import { runWork } from './unit-of-work.js';

describe.each(BACKENDS)('a unit of work, on %s', (backend) => {
  let t: TestApp;
  let actor: StaffActor;
  const published: DomainEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    t.app.bus.subscribe((e) => published.push(e));
    const [manager] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'manager1'));
    actor = {
      kind: 'staff',
      restaurantId: t.restaurantId,
      user: { id: manager!.id, role: 'manager', name: manager!.name } as User,
      authSessionId: 'test',
    };
  });
  afterAll(async () => t?.close());

  const note = (message: string) => ({
    type: 'staff_notification' as const,
    data: { message, fromRole: 'manager' as const },
  });

  it('records its events once, numbered in a row, and publishes them after the commit', async () => {
    published.length = 0;
    let seenInside = -1;
    const result = await runWork(t.app, actor, async (uow) => {
      uow.emit(note('uow one'));
      uow.audit({
        action: 'restaurant.settings',
        entityType: 'restaurant',
        entityId: t.restaurantId,
      });
      uow.emit(note('uow two'));
      seenInside = published.length;
      return 'done';
    });
    expect(result).toBe('done');
    expect(seenInside).toBe(0);
    expect(published.map((e) => e.type === 'staff_notification' && e.data.message)).toEqual([
      'uow one',
      'uow two',
      // The change wrote the audit log: the admin's Audit Logs tab hears it.
      false,
    ]);
    expect(published[2]).toMatchObject({
      type: 'audit_logged',
      data: { actions: ['restaurant.settings'] },
    });
    expect(published[1]!.seq).toBe(published[0]!.seq + 1);
    expect(published[2]!.seq).toBe(published[1]!.seq + 1);
    // Attributed to the acting staff member.
    expect(published.every((e) => e.userId === actor.user.id)).toBe(true);
    const stored = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, t.restaurantId), eq(events.seq, published[0]!.seq)));
    expect(stored).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.restaurantId, t.restaurantId), eq(auditLog.action, 'restaurant.settings')),
      );
    expect(audit.some((a) => a.userId === actor.user.id)).toBe(true);
  });

  it('tells admins once per change that wrote the audit log, and never otherwise', async () => {
    published.length = 0;
    await runWork(t.app, actor, async (uow) => {
      uow.emit(note('no audit'));
    });
    expect(published.map((e) => e.type)).toEqual(['staff_notification']);
    published.length = 0;
    await runWork(t.app, actor, async (uow) => {
      uow.audit({ action: 'table.claim', entityType: 'table', entityId: 't1' });
      uow.audit({ action: 'table.closed', entityType: 'table', entityId: 't1' });
      uow.audit({ action: 'table.claim', entityType: 'table', entityId: 't2' });
    });
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      type: 'audit_logged',
      userId: actor.user.id,
      tableId: null,
      data: { actions: ['table.claim', 'table.closed'] },
    });
  });

  it('writes and publishes nothing when the change fails', async () => {
    published.length = 0;
    const before = await t.database.db.select().from(events);
    await expect(
      runWork(t.app, actor, async (uow) => {
        uow.emit(note('never'));
        uow.audit({ action: 'staff.updated', entityType: 'user', entityId: actor.user.id });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(published).toEqual([]);
    expect(await t.database.db.select().from(events)).toHaveLength(before.length);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.updated'));
    expect(audit).toEqual([]);
  });

  it('closes the sockets a change revokes only after it commits', async () => {
    const closed: string[] = [];
    const off = t.app.bus.subscribeDisconnect((c) => closed.push(c.reason));
    await expect(
      runWork(t.app, actor, async (uow) => {
        uow.disconnect({ match: { userId: 'x' }, code: 4401, reason: 'rolled back' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await runWork(t.app, actor, async (uow) => {
      uow.disconnect({ match: { userId: 'x' }, code: 4401, reason: 'committed' });
    });
    off();
    expect(closed).toEqual(['committed']);
  });
});
