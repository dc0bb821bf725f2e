import {
  ROLE_LABELS,
  SUPPORT_OPEN_TICKETS_MAX,
  SUPPORT_TICKETS_PER_HOUR,
  refusalsEn,
  type SupportCounts,
  type SupportMessage,
  type SupportTicket,
  type SupportTicketList,
  type SupportTicketStatus,
} from '@tavola/contract';
import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { platformActor, type StaffActor, type TeamMember } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { restaurants, supportMessages, supportTickets, users } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';

/** How many tickets a list shows (the most recently active first). */
const LIST_LIMIT = 200;

export const TICKET_NOT_FOUND = refusalsEn.SUPPORT_TICKET_NOT_FOUND;

/** Tickets by status: of one restaurant, or of every restaurant (the team). */
async function countsOf(db: DbOrTx, restaurantId: string | null): Promise<SupportCounts> {
  const rows = await db
    .select({ status: supportTickets.status, n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(restaurantId ? eq(supportTickets.restaurantId, restaurantId) : undefined)
    .groupBy(supportTickets.status);
  const counts: SupportCounts = { open: 0, in_progress: 0, resolved: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Tickets matching `where`, each with its messages (oldest first). */
async function ticketsWhere(db: DbOrTx, where: SQL | undefined): Promise<SupportTicket[]> {
  const rows = await db
    .select({
      ticket: supportTickets,
      restaurantName: restaurants.name,
      openerName: users.name,
      openerRole: users.role,
    })
    .from(supportTickets)
    .innerJoin(restaurants, eq(restaurants.id, supportTickets.restaurantId))
    .leftJoin(users, eq(users.id, supportTickets.openedBy))
    .where(where)
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(LIST_LIMIT);
  if (rows.length === 0) return [];
  const messages = await db
    .select()
    .from(supportMessages)
    .where(
      inArray(
        supportMessages.ticketId,
        rows.map((r) => r.ticket.id),
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const byTicket = new Map<string, SupportMessage[]>();
  for (const m of messages) {
    const list = byTicket.get(m.ticketId) ?? [];
    list.push({
      id: m.id,
      body: m.body,
      fromTeam: m.fromTeam,
      authorName: m.authorName,
      createdAt: m.createdAt.toISOString(),
    });
    byTicket.set(m.ticketId, list);
  }
  return rows.map(({ ticket, restaurantName, openerName, openerRole }) => {
    const thread = byTicket.get(ticket.id) ?? [];
    return {
      id: ticket.id,
      restaurant: { id: ticket.restaurantId, name: restaurantName },
      subject: ticket.subject,
      status: ticket.status,
      openedBy: {
        name: openerName ?? 'A former staff member',
        role: openerRole ? ROLE_LABELS[openerRole] : '',
      },
      createdAt: ticket.createdAt.toISOString(),
      updatedAt: ticket.updatedAt.toISOString(),
      answered: thread.at(-1)?.fromTeam ?? false,
      messages: thread,
    };
  });
}

/** A restaurant's own tickets (its admin's and managers' Help dialog): never another's. */
export async function listRestaurantTickets(
  db: DbOrTx,
  restaurantId: string,
): Promise<SupportTicketList> {
  const [counts, tickets] = await Promise.all([
    countsOf(db, restaurantId),
    ticketsWhere(db, eq(supportTickets.restaurantId, restaurantId)),
  ]);
  return { counts, tickets };
}

/** Every restaurant's tickets (the team's Support tab): counts by status, the list by status. */
export async function listAllTickets(
  db: DbOrTx,
  filter: { status?: SupportTicketStatus | undefined },
): Promise<SupportTicketList> {
  const [counts, tickets] = await Promise.all([
    countsOf(db, null),
    ticketsWhere(db, filter.status ? eq(supportTickets.status, filter.status) : undefined),
  ]);
  return { counts, tickets };
}

async function ticketById(db: DbOrTx, id: string, restaurantId?: string): Promise<SupportTicket> {
  const [ticket] = await ticketsWhere(
    db,
    and(
      eq(supportTickets.id, id),
      restaurantId ? eq(supportTickets.restaurantId, restaurantId) : undefined,
    ),
  );
  if (!ticket) throw refuse('SUPPORT_TICKET_NOT_FOUND');
  return ticket;
}

export function getTicket(db: DbOrTx, id: string): Promise<SupportTicket> {
  return ticketById(db, id);
}

/** Locks a ticket for a change (its restaurant's when given: another's is not found). */
async function lockTicket(uow: UnitOfWork, id: string) {
  const [ticket] = await uow.tx
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      status: supportTickets.status,
      restaurantName: restaurants.name,
    })
    .from(supportTickets)
    .innerJoin(restaurants, eq(restaurants.id, supportTickets.restaurantId))
    .where(and(eq(supportTickets.id, id), eq(supportTickets.restaurantId, uow.restaurantId)))
    .for('update', { of: supportTickets });
  if (!ticket) throw refuse('SUPPORT_TICKET_NOT_FOUND');
  return ticket;
}

async function addMessage(
  uow: UnitOfWork,
  ticketId: string,
  author: { id: string; name: string },
  fromTeam: boolean,
  body: string,
): Promise<void> {
  await uow.tx.insert(supportMessages).values({
    ticketId,
    restaurantId: uow.restaurantId,
    authorId: author.id,
    authorName: author.name,
    fromTeam,
    body,
  });
}

/**
 * Refuses a new ticket past the restaurant's open tickets or its tickets this hour. Taken under
 * the restaurant's own support lock (an advisory lock held to the end of the transaction, not its
 * row's), so parallel openings are counted one after another and the caps hold exactly.
 */
async function assertCanOpen(uow: UnitOfWork): Promise<void> {
  await uow.tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`tavola.support.${uow.restaurantId}`}))`,
  );
  const [counts] = await uow.tx
    .select({
      open: sql<number>`count(*) filter (where ${ne(supportTickets.status, 'resolved')})::int`,
      lastHour: sql<number>`count(*) filter (where ${gt(supportTickets.createdAt, sql`now() - interval '1 hour'`)})::int`,
    })
    .from(supportTickets)
    .where(eq(supportTickets.restaurantId, uow.restaurantId));
  if ((counts?.lastHour ?? 0) >= SUPPORT_TICKETS_PER_HOUR) {
    throw refuse('SUPPORT_TOO_MANY_PER_HOUR', { max: SUPPORT_TICKETS_PER_HOUR });
  }
  if ((counts?.open ?? 0) >= SUPPORT_OPEN_TICKETS_MAX)
    throw refuse('SUPPORT_TOO_MANY_OPEN', { max: SUPPORT_OPEN_TICKETS_MAX });
}

/**
 * A restaurant's admin or manager opens a ticket (subject and first message). The team's bell
 * and Support tab hear of it; the restaurant's other admins and managers see it in their Help.
 */
export async function openTicket(
  ctx: WorkContext,
  actor: StaffActor,
  input: { subject: string; message: string },
): Promise<SupportTicket> {
  const id = await runWork(ctx, actor, async (uow) => {
    await assertCanOpen(uow);
    const [restaurant] = await uow.tx
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, uow.restaurantId));
    const [ticket] = await uow.tx
      .insert(supportTickets)
      .values({ restaurantId: uow.restaurantId, openedBy: actor.user.id, subject: input.subject })
      .returning({ id: supportTickets.id });
    const ticketId = ticket!.id;
    await addMessage(uow, ticketId, actor.user, false, input.message);
    uow.audit({
      action: 'support.ticket_opened',
      entityType: 'support_ticket',
      entityId: ticketId,
      details: { subject: input.subject },
    });
    uow.emit({
      type: 'support_ticket_updated',
      data: { ticketId, subject: input.subject, status: 'open', change: 'opened' },
    });
    uow.notifyTeam({
      type: 'support_ticket_opened',
      restaurantId: uow.restaurantId,
      data: {
        restaurantId: uow.restaurantId,
        name: restaurant?.name ?? '',
        ticketId,
        subject: input.subject,
        by: actor.user.name,
      },
    });
    return ticketId;
  });
  return ticketById(ctx.db, id, actor.restaurantId);
}

/**
 * The restaurant writes again on its own ticket. A resolved ticket opens again: the team sees
 * it among the open ones.
 */
export async function restaurantReply(
  ctx: WorkContext,
  actor: StaffActor,
  ticketId: string,
  message: string,
): Promise<SupportTicket> {
  await runWork(ctx, actor, async (uow) => {
    const ticket = await lockTicket(uow, ticketId);
    const status: SupportTicketStatus = ticket.status === 'resolved' ? 'open' : ticket.status;
    await addMessage(uow, ticketId, actor.user, false, message);
    await uow.tx
      .update(supportTickets)
      .set({ status, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticketId));
    uow.audit({
      action: 'support.replied',
      entityType: 'support_ticket',
      entityId: ticketId,
      details: { from: ticket.status, status },
    });
    uow.emit({
      type: 'support_ticket_updated',
      data: { ticketId, subject: ticket.subject, status, change: 'replied' },
    });
    uow.notifyTeam({
      type: 'support_ticket_replied',
      restaurantId: uow.restaurantId,
      data: {
        restaurantId: uow.restaurantId,
        name: ticket.restaurantName,
        ticketId,
        subject: ticket.subject,
        by: actor.user.name,
      },
    });
  });
  return ticketById(ctx.db, ticketId, actor.restaurantId);
}

/** The restaurant a ticket belongs to (the team acts on that restaurant). */
async function restaurantOf(db: DbOrTx, ticketId: string): Promise<string> {
  const [row] = await db
    .select({ restaurantId: supportTickets.restaurantId })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId));
  if (!row) throw refuse('SUPPORT_TICKET_NOT_FOUND');
  return row.restaurantId;
}

/**
 * The team answers a ticket, and may move its status with the answer (an open ticket goes to
 * in progress unless told otherwise). The restaurant's admins and managers see the answer live.
 */
export async function teamReply(
  ctx: WorkContext,
  member: TeamMember,
  ticketId: string,
  input: { message: string; status?: SupportTicketStatus | undefined },
): Promise<SupportTicket> {
  const restaurantId = await restaurantOf(ctx.db, ticketId);
  await runWork(ctx, platformActor(member, restaurantId), async (uow) => {
    const ticket = await lockTicket(uow, ticketId);
    const status: SupportTicketStatus =
      input.status ?? (ticket.status === 'open' ? 'in_progress' : ticket.status);
    await addMessage(uow, ticketId, member.user, true, input.message);
    await uow.tx
      .update(supportTickets)
      .set({ status, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticketId));
    uow.audit({
      action: 'support.replied',
      entityType: 'support_ticket',
      entityId: ticketId,
      details: { from: ticket.status, status, team: true },
    });
    uow.emit({
      type: 'support_ticket_updated',
      data: { ticketId, subject: ticket.subject, status, change: 'answered' },
    });
    uow.notifyTeam({
      type: 'support_ticket_answered',
      restaurantId,
      data: {
        restaurantId,
        name: ticket.restaurantName,
        ticketId,
        subject: ticket.subject,
        by: member.user.name,
        status,
      },
    });
  });
  return ticketById(ctx.db, ticketId);
}

/** The team moves a ticket's status (open, in progress, resolved). */
export async function setTicketStatus(
  ctx: WorkContext,
  member: TeamMember,
  ticketId: string,
  status: SupportTicketStatus,
): Promise<SupportTicket> {
  const restaurantId = await restaurantOf(ctx.db, ticketId);
  await runWork(ctx, platformActor(member, restaurantId), async (uow) => {
    const ticket = await lockTicket(uow, ticketId);
    if (ticket.status === status) return;
    await uow.tx
      .update(supportTickets)
      .set({ status, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticketId));
    uow.audit({
      action: 'support.status_changed',
      entityType: 'support_ticket',
      entityId: ticketId,
      details: { from: ticket.status, status },
    });
    uow.emit({
      type: 'support_ticket_updated',
      data: { ticketId, subject: ticket.subject, status, change: 'status' },
    });
  });
  return ticketById(ctx.db, ticketId);
}
