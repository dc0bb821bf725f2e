import {
  platformRoutes,
  restaurantAccountRoutes,
  SUPPORT_OPEN_TICKETS_MAX,
  SUPPORT_TICKETS_PER_HOUR,
  SUPPORT_TOO_MANY_OPEN,
  SUPPORT_TOO_MANY_PER_HOUR,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, supportTickets } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';

describe.each(BACKENDS)('support tickets on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let base: string;
  let team: string;
  let manager: string;
  let admin: string;
  const sockets: TestSocket[] = [];

  const open = async (query: string) => {
    const socket = await TestSocket.open(`${base}/ws?${query}`);
    sockets.push(socket);
    await socket.waitReady();
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { wsHeartbeatMs: 60_000 });
    api = client(t.app);
    base = await listen(t.app);
    team = (await loginAs(t.app, 'team1', 'team123')).token;
    manager = await signInAs(t, 'manager');
    admin = await signInAs(t, 'admin');
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => t?.close());

  it('a manager opens a ticket, the team answers, the restaurant sees the answer: live both ways', async () => {
    const teamScreen = await open(`token=${team}&role=team`);
    const adminScreen = await open(`token=${admin}`);
    const waiterScreen = await open(`token=${await signInAs(t, 'waiter')}`);

    const opened = await api.as(manager).call(restaurantAccountRoutes.openSupportTicket, {
      body: {
        subject: '  Printer not printing  ',
        message: 'The kitchen printer stopped.\nWhat should we check?',
      },
    });
    expect(opened.status).toBe(201);
    const ticket = opened.data;
    expect(ticket).toMatchObject({
      restaurant: { id: t.restaurantId, name: 'Tavola Demo Bistro' },
      subject: 'Printer not printing',
      status: 'open',
      openedBy: { role: 'Manager' },
      answered: false,
      messages: [
        {
          body: 'The kitchen printer stopped.\nWhat should we check?',
          fromTeam: false,
        },
      ],
    });
    // The team's bell and Support tab hear of it.
    await teamScreen.waitFor((m) => m.some((e) => e.type === 'support_ticket_opened'));
    expect(teamScreen.messages.find((e) => e.type === 'support_ticket_opened')?.data).toMatchObject(
      {
        ticketId: ticket.id,
        subject: 'Printer not printing',
        name: 'Tavola Demo Bistro',
      },
    );
    // The restaurant's admin sees it too.
    await adminScreen.waitFor((m) =>
      m.some((e) => e.type === 'support_ticket_updated' && e.data.change === 'opened'),
    );

    const list = (await api.as(team).call(platformRoutes.listAllSupportTickets)).data;
    expect(list.counts.open).toBeGreaterThanOrEqual(1);
    expect(list.tickets.map((x: { id: string }) => x.id)).toContain(ticket.id);

    const answer = await api.as(team).call(platformRoutes.answerSupportTicket, {
      params: { id: ticket.id },
      body: {
        message: 'Please restart it; we are looking at the logs.',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      status: 'in_progress',
      answered: true,
      messages: [
        { fromTeam: false },
        {
          fromTeam: true,
          authorName: 'Tavola Platform Team',
          body: 'Please restart it; we are looking at the logs.',
        },
      ],
    });
    await adminScreen.waitFor((m) =>
      m.some((e) => e.type === 'support_ticket_updated' && e.data.change === 'answered'),
    );
    await teamScreen.waitFor((m) => m.some((e) => e.type === 'support_ticket_answered'));
    const mine = (await api.as(manager).call(restaurantAccountRoutes.listSupportTickets)).data;
    expect(mine.counts).toEqual({ open: 0, in_progress: 1, resolved: 0 });
    expect(mine.tickets[0]!.messages.at(-1)!.body).toBe(
      'Please restart it; we are looking at the logs.',
    );

    // The team resolves it; the restaurant writes again and it opens again.
    const resolved = await api.as(team).call(platformRoutes.setSupportTicketStatus, {
      params: { id: ticket.id },
      body: {
        status: 'resolved',
      },
    });
    expect(resolved.data.status).toBe('resolved');
    await adminScreen.waitFor((m) =>
      m.some((e) => e.type === 'support_ticket_updated' && e.data.status === 'resolved'),
    );
    const again = await api.as(admin).call(restaurantAccountRoutes.writeSupportTicket, {
      params: { id: ticket.id },
      body: {
        message: 'It stopped again.',
      },
    });
    expect(again.data).toMatchObject({ status: 'open', answered: false });
    await teamScreen.waitFor((m) => m.some((e) => e.type === 'support_ticket_replied'));

    // A waiter's screen hears none of it.
    await waiterScreen.fence();
    expect(waiterScreen.messages.some((e) => e.type.startsWith('support_'))).toBe(false);
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ticket.id))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'support.ticket_opened',
        'support.replied',
        'support.status_changed',
      ]),
    );
  });

  it('a restaurant sees only its own tickets and cannot touch another’s', async () => {
    const other = await createOtherRestaurant(t, { name: 'Other Place', roles: ['admin'] });
    const theirs = (
      await api.as(other.tokens.admin!).call(restaurantAccountRoutes.openSupportTicket, {
        body: {
          subject: 'Billing question',
          message: 'When is the invoice sent?',
        },
      })
    ).data;
    const ours = (await api.as(manager).call(restaurantAccountRoutes.listSupportTickets)).data;
    expect(ours.tickets.map((x: { id: string }) => x.id)).not.toContain(theirs.id);
    expect(
      ours.tickets.every((x: { restaurant: { id: string } }) => x.restaurant.id === t.restaurantId),
    ).toBe(true);
    const reply = await api.as(manager).call(restaurantAccountRoutes.writeSupportTicket, {
      params: { id: theirs.id },
      body: {
        message: 'Peeking',
      },
    });
    expect(reply.status).toBe(404);
    expect(reply.error).toBe('Support ticket not found');
    const [row] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, theirs.id));
    expect(row?.status).toBe('open');
  });

  it('lets only admins and managers open tickets, and only the team answer', async () => {
    const waiter = await signInAs(t, 'waiter');
    const kitchen = await signInAs(t, 'kitchen');
    const body = { subject: 'Help please', message: 'Something' };
    for (const token of [waiter, kitchen, team]) {
      expect(
        (await api.as(token).call(restaurantAccountRoutes.openSupportTicket, { body: body }))
          .status,
      ).toBe(403);
      expect((await api.as(token).call(restaurantAccountRoutes.listSupportTickets)).status).toBe(
        403,
      );
    }
    const ticket = (
      await api.as(admin).call(restaurantAccountRoutes.openSupportTicket, { body: body })
    ).data;
    for (const token of [admin, manager, waiter]) {
      expect((await api.as(token).call(platformRoutes.listAllSupportTickets)).status).toBe(403);
      expect(
        (
          await api.as(token).call(platformRoutes.answerSupportTicket, {
            params: { id: ticket.id },
            body: {
              message: 'I am the team now',
            },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await api.as(token).call(platformRoutes.setSupportTicketStatus, {
            params: { id: ticket.id },
            body: {
              status: 'resolved',
            },
          })
        ).status,
      ).toBe(403);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await api.as(team).call(platformRoutes.setSupportTicketStatus, {
          params: { id: unknown },
          body: {
            status: 'open',
          },
        })
      ).status,
    ).toBe(404);
  });

  it('caps open tickets and tickets an hour exactly, under 30 parallel opens', async () => {
    const other = await createOtherRestaurant(t, { roles: ['admin'] });
    const token = other.tokens.admin!;
    const body = (i: number) => ({ subject: `Parallel ${i}`, message: 'Help' });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api.as(token).call(restaurantAccountRoutes.openSupportTicket, { body: body(i) }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SUPPORT_OPEN_TICKETS_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - SUPPORT_OPEN_TICKETS_MAX);
    expect(results.find((r) => r.status === 409)!.body).toEqual({
      success: false,
      error: SUPPORT_TOO_MANY_OPEN,
      code: 'SUPPORT_TOO_MANY_OPEN',
      params: { max: SUPPORT_OPEN_TICKETS_MAX },
    });
    const stored = await t.database.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.restaurantId, other.id));
    expect(stored).toHaveLength(SUPPORT_OPEN_TICKETS_MAX);

    // Resolved ones make room again, but no more than the hourly number may be opened.
    for (const { id } of stored) {
      const res = await api.as(team).call(platformRoutes.setSupportTicketStatus, {
        params: { id },
        body: {
          status: 'resolved',
        },
      });
      expect(res.status).toBe(200);
    }
    const again = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api.as(token).call(restaurantAccountRoutes.openSupportTicket, { body: body(100 + i) }),
      ),
    );
    const room = SUPPORT_TICKETS_PER_HOUR - SUPPORT_OPEN_TICKETS_MAX;
    expect(again.filter((r) => r.status === 201)).toHaveLength(room);
    const refused = again.filter((r) => r.status === 429);
    expect(refused).toHaveLength(30 - room);
    expect(refused[0]!.body).toEqual({
      success: false,
      error: SUPPORT_TOO_MANY_PER_HOUR,
      code: 'RATE_LIMITED',
    });
  });

  it('refuses bad input with clear messages', async () => {
    const cases: [object, string][] = [
      [{ subject: 'Hi', message: 'x' }, 'Subject must be at least 3 characters'],
      [{ subject: 'Line\nbreak', message: 'x' }, 'Subject cannot contain control characters'],
      [{ subject: 'A subject', message: '   ' }, 'Message is required'],
      [
        { subject: 'A subject', message: 'x'.repeat(4001) },
        'Message must be at most 4000 characters',
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await api
        .as(manager)
        .send(restaurantAccountRoutes.openSupportTicket, { body: payload });
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.body).toEqual({ success: false, error, code: 'VALIDATION' });
    }
    const ticket = (
      await api.as(manager).call(restaurantAccountRoutes.openSupportTicket, {
        body: { subject: 'Valid', message: 'ok' },
      })
    ).data;
    const bad = await api.as(team).send(platformRoutes.setSupportTicketStatus, {
      params: { id: ticket.id },
      body: {
        status: 'closed',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.error).toBe('Status must be open, in_progress or resolved');
    // The team's list filters by status.
    const onlyResolved = (
      await api
        .as(team)
        .call(platformRoutes.listAllSupportTickets, { query: { status: 'resolved' } })
    ).data;
    expect(onlyResolved.tickets.every((x: { status: string }) => x.status === 'resolved')).toBe(
      true,
    );
  });
});
