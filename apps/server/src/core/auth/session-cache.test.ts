import { authRoutes, platformRoutes, securityRoutes, staffRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachesOf } from '../cache/hub.js';
import { authSessions, users } from '../db/schema.js';
import { client } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';

/**
 * Staff tokens are checked from memory after the first call; every revocation still closes
 * access at the very next call (docs/decisions: caching and invalidation).
 */
describe.each(BACKENDS)('cached staff token checks, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  const typed = () => client(t.app);
  const profile = (token: string) => typed().as(token).call(authRoutes.getProfile);
  const hits = () => cachesOf(t.app.bus).stats()['auth-sessions']?.hits ?? 0;
  /** Signs in and makes one call, so the token's check is cached. */
  const warm = async (username: string, password: string) => {
    const session = await loginAs(t.app, username, password);
    expect((await profile(session.token)).status).toBe(200);
    return session;
  };
  const userId = async (username: string) =>
    (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

  it('answers a known token from memory, without the database', async () => {
    const { token } = await warm('waiter1', 'waiter123');
    const before = hits();
    // Revoked behind the server's back (no bus message): a hit does not look.
    await t.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, await userId('waiter1')));
    expect((await profile(token)).status).toBe(200);
    expect(hits()).toBe(before + 1);
  });

  it('refuses a session at once after sign-out', async () => {
    const { token } = await warm('bar1', 'bar123');
    expect((await typed().as(token).call(authRoutes.logout)).status).toBe(200);
    expect((await profile(token)).status).toBe(401);
  });

  it('refuses a session at once after the admin revoked it in the Security tab', async () => {
    const { token } = await warm('kitchen1', 'kitchen123');
    const admin = (await loginAs(t.app, 'admin1', 'admin123')).token;
    const [session] = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, await userId('kitchen1')))
      .orderBy(authSessions.createdAt);
    const revoked = await typed()
      .as(admin)
      .call(securityRoutes.revokeSession, { params: { id: session!.id } });
    expect(revoked.status).toBe(200);
    expect((await profile(token)).status).toBe(401);
  });

  it('refuses at once a member of staff whose password was changed, then deactivated', async () => {
    const admin = (await loginAs(t.app, 'admin1', 'admin123')).token;
    const manager = await warm('manager1', 'manager123');
    const changed = await typed()
      .as(admin)
      .call(staffRoutes.updateStaff, {
        params: { id: manager.user.id },
        body: { password: 'a-new-Passw0rd-for-the-test' },
      });
    expect(changed.status).toBe(200);
    expect((await profile(manager.token)).status).toBe(401);

    const again = await warm('manager1', 'a-new-Passw0rd-for-the-test');
    const gone = await typed()
      .as(admin)
      .call(staffRoutes.deactivateStaff, { params: { id: again.user.id } });
    expect(gone.status).toBe(200);
    expect((await profile(again.token)).status).toBe(401);
  });

  it("shows a renamed member of staff's new name at the next call", async () => {
    const admin = (await loginAs(t.app, 'admin1', 'admin123')).token;
    const { token, user } = await warm('bar1', 'bar123');
    const renamed = await typed()
      .as(admin)
      .call(staffRoutes.updateStaff, { params: { id: user.id }, body: { name: 'Bruno' } });
    expect(renamed.status).toBe(200);
    expect((await profile(token)).data.name).toBe('Bruno');
  });

  it("refuses a suspended restaurant's staff at once", async () => {
    const { token } = await warm('admin1', 'admin123');
    const team = (await loginAs(t.app, 'team1', 'team123')).token;
    const suspended = await typed()
      .as(team)
      .call(platformRoutes.suspendRestaurant, {
        params: { id: t.restaurantId },
        body: { reason: 'cache test' },
      });
    expect(suspended.status).toBe(200);
    expect((await profile(token)).status).toBe(401);
  });
});
