import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AgentMessage, PrintAgent } from '@tavola/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Db } from '../../core/db/client.js';
import type { DisconnectCommand, EventBus } from '../../core/events/bus.js';
import { printAgents, type printers } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import type { PrintOutcome } from './transport.js';

type PrinterRow = typeof printers.$inferSelect;
type AgentRow = typeof printAgents.$inferSelect;

/** How long an agent may take to print a job and answer (its own connect and status limits). */
export const AGENT_ANSWER_MS = 15_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the hub needs of an agent's WebSocket (the `ws` socket fits). */
export interface AgentSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | string) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** The close code an agent hears when its token is revoked (it does not reconnect). */
export const AGENT_REVOKED_CLOSE = 4403;

/**
 * The agents connected to this instance: each one's socket, and the jobs sent to it waiting for
 * their answer. A job for an agent that is not connected (here) fails at once as `offline`.
 * A revocation reaches it through the bus (Redis between instances), whichever instance took it.
 */
export class AgentHub {
  private readonly sockets = new Map<string, AgentSocket>();
  private readonly waiting = new Map<
    string,
    { resolve: (o: PrintOutcome) => void; timer: NodeJS.Timeout }
  >();
  private readonly unsubscribe: () => void;

  constructor(bus: EventBus) {
    this.unsubscribe = bus.subscribeDisconnect((command) => this.revoked(command));
  }

  attach(agentId: string, socket: AgentSocket): void {
    // One socket per agent: a second sign-in replaces the first.
    this.sockets.get(agentId)?.close(4409, 'Replaced by a newer connection');
    this.sockets.set(agentId, socket);
    socket.on('message', (data) => this.answer(data));
    socket.on('close', () => {
      if (this.sockets.get(agentId) === socket) this.sockets.delete(agentId);
    });
  }

  isConnected(agentId: string): boolean {
    return this.sockets.has(agentId);
  }

  /** Closes an agent's socket here at once when the bus says its token was revoked. */
  private revoked({ match, code, reason }: DisconnectCommand): void {
    if (!match.printAgentId) return;
    this.sockets.get(match.printAgentId)?.close(code, reason);
    this.sockets.delete(match.printAgentId);
  }

  private answer(data: Buffer | string): void {
    let message: AgentMessage;
    try {
      message = JSON.parse(data.toString()) as AgentMessage;
    } catch {
      return;
    }
    if (message.type !== 'result') return;
    const pending = this.waiting.get(message.id);
    if (!pending) return;
    this.waiting.delete(message.id);
    clearTimeout(pending.timer);
    const status = message.status;
    pending.resolve(
      message.ok
        ? { ok: true, status: 'online' }
        : {
            ok: false,
            status: status === 'online' || status === 'unknown' ? 'offline' : status,
            error: (message.error ?? 'Printer error').slice(0, 300),
          },
    );
  }

  /** Sends a job to the printer's agent and resolves with what the agent reports. */
  send(printer: PrinterRow, bytes: Uint8Array): Promise<PrintOutcome> {
    const socket = printer.agentId ? this.sockets.get(printer.agentId) : undefined;
    if (!socket) {
      return Promise.resolve({ ok: false, status: 'offline', error: 'Print agent not connected' });
    }
    const id = randomUUID();
    const message: AgentMessage = {
      type: 'print',
      id,
      host: printer.host,
      port: printer.port,
      commandSet: printer.commandSet,
      bytes: Buffer.from(bytes).toString('base64'),
    };
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ ok: false, status: 'offline', error: 'Print agent did not answer' });
      }, AGENT_ANSWER_MS);
      this.waiting.set(id, { resolve, timer });
      try {
        socket.send(JSON.stringify(message));
      } catch (err) {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve({ ok: false, status: 'offline', error: String(err).slice(0, 300) });
      }
    });
  }

  close(): void {
    this.unsubscribe();
    for (const socket of this.sockets.values()) socket.close(1001, 'Server shutting down');
    this.sockets.clear();
  }
}

const hubs = new WeakMap<EventBus, AgentHub>();

/**
 * The agent hub of this app, found by its bus (one per app: routes and the print queue share
 * it; two apps on one database, as two instances are, each have their own).
 */
export function agentHubFor(ctx: { bus: EventBus }): AgentHub {
  let hub = hubs.get(ctx.bus);
  if (!hub) {
    hub = new AgentHub(ctx.bus);
    hubs.set(ctx.bus, hub);
  }
  return hub;
}

function toAgent(row: AgentRow, hub: AgentHub): PrintAgent {
  return {
    id: row.id,
    name: row.name,
    tokenStart: row.tokenStart,
    connected: !row.revokedAt && hub.isConnected(row.id),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPrintAgents(
  ctx: WorkContext,
  restaurantId: string,
): Promise<PrintAgent[]> {
  const rows = await ctx.db
    .select()
    .from(printAgents)
    .where(eq(printAgents.restaurantId, restaurantId))
    .orderBy(desc(printAgents.createdAt));
  const hub = agentHubFor(ctx);
  return rows.map((r) => toAgent(r, hub));
}

/** A new agent and its device token (`tpa_` and 32 random bytes), answered this once. */
export async function createPrintAgent(ctx: WorkContext, actor: StaffActor, name: string) {
  const token = `tpa_${randomBytes(32).toString('base64url')}`;
  const row = await runWork(ctx, actor, async (uow) => {
    const [row] = await uow.tx
      .insert(printAgents)
      .values({
        restaurantId: actor.restaurantId,
        name,
        tokenHash: hashOf(token),
        tokenStart: token.slice(0, 8),
      })
      .returning();
    uow.audit({
      action: 'print_agent.created',
      entityType: 'print_agent',
      entityId: row!.id,
      details: { name },
    });
    return row!;
  });
  return { ...toAgent(row, agentHubFor(ctx)), token };
}

/** Revokes an agent's token; its socket closes at once, on whichever instance holds it. */
export async function revokePrintAgent(ctx: WorkContext, actor: StaffActor, id: string) {
  const row = await runWork(ctx, actor, async (uow) => {
    const [row] = await uow.tx
      .update(printAgents)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(printAgents.id, id),
          eq(printAgents.restaurantId, actor.restaurantId),
          isNull(printAgents.revokedAt),
        ),
      )
      .returning();
    if (!row) throw refuse('PRINT_AGENT_NOT_FOUND');
    uow.audit({
      action: 'print_agent.revoked',
      entityType: 'print_agent',
      entityId: id,
      details: { name: row.name },
    });
    uow.disconnect({
      match: { restaurantId: actor.restaurantId, printAgentId: id },
      code: AGENT_REVOKED_CLOSE,
      reason: 'Token revoked',
    });
    return row;
  });
  return toAgent(row, agentHubFor(ctx));
}

/** The agent a device token signs in as, or null (unknown or revoked); marks it seen. */
export async function agentByToken(db: Db, token: string): Promise<AgentRow | null> {
  const [row] = await db
    .update(printAgents)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(printAgents.tokenHash, hashOf(token)), isNull(printAgents.revokedAt)))
    .returning();
  return row ?? null;
}
