import { staffRoutes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant, signInAs, type OtherRestaurant } from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('staff changes reach the staff screens live, on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let base: string;
  let admin: string;
  let other: OtherRestaurant;
  const sockets: TestSocket[] = [];

  const screen = async (token: string) => {
    const socket = await TestSocket.open(`${base}/ws?token=${token}`);
    sockets.push(socket);
    await socket.waitReady();
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { wsHeartbeatMs: 60_000 });
    api = client(t.app);
    base = await listen(t.app);
    admin = (await loginAs(t.app, 'admin1', 'admin123')).token;
    other = await createOtherRestaurant(t, { roles: ['admin', 'manager'] });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it("tells the manager's Staff tab and a second admin's Managers list of an account created or deactivated", async () => {
    const managerScreen = await screen(await signInAs(t, 'manager'));
    // Another admin screen (a second sign-in: only the team creates administrators).
    const secondAdmin = await screen((await loginAs(t.app, 'admin1', 'admin123')).token);
    const waiterScreen = await screen(await signInAs(t, 'waiter'));
    const otherManager = await screen(other.tokens.manager!);

    const waiter = await api.as(admin).call(staffRoutes.createStaff, {
      body: {
        name: 'Wanda Waiter',
        username: `wanda-${backend}`,
        password: 'wanda-pass-1',
        role: 'waiter',
      },
    });
    expect(waiter.status, waiter.res.body).toBe(201);
    const waiterId = waiter.data.id;
    await managerScreen.waitFor((m) =>
      m.some((e) => e.type === 'staff_updated' && e.data.userId === waiterId),
    );
    expect(managerScreen.messages.find((e) => e.type === 'staff_updated')?.data).toEqual({
      userId: waiterId,
      role: 'waiter',
      status: 'active',
      change: 'created',
    });

    const manager = await api.as(admin).call(staffRoutes.createStaff, {
      body: {
        name: 'Marco Manager',
        username: `marco-${backend}`,
        password: 'marco-pass-1',
        role: 'manager',
      },
    });
    const managerId = manager.data.id;
    expect(
      (
        await api.as(admin).call(staffRoutes.updateStaff, {
          params: { id: managerId },
          body: { status: 'inactive' },
        })
      ).status,
    ).toBe(200);
    await secondAdmin.waitFor((m) =>
      m.some(
        (e) =>
          e.type === 'staff_updated' && e.data.userId === managerId && e.data.status === 'inactive',
      ),
    );

    // Waiters have no staff list; another restaurant hears nothing of this one.
    for (const s of [waiterScreen, otherManager]) await s.fence();
    expect(waiterScreen.messages.some((e) => e.type === 'staff_updated')).toBe(false);
    expect(otherManager.messages.some((e) => e.type === 'staff_updated')).toBe(false);
  });
});
