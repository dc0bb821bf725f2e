import {
  canReceiveEvent,
  guestCanReceive,
  isPlatformEventType,
  type DomainEvent,
  type PlatformEvent,
  type Role,
  type ServerEventMessage,
  WS_CLOSE,
  WS_FIGURES,
  WS_REVOKED,
} from '@tavola/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { StaffActor } from '../../core/auth/actors.js';
import type { DisconnectCommand, EventBus, SocketMatch } from '../../core/events/bus.js';

/** What a socket can be sent: a restaurant's event, or a platform event (the team's). */
export type Deliverable = DomainEvent | PlatformEvent;

/**
 * A connected screen: a staff member (with a role), a guest's page (with a table), or a member
 * of the platform team (role team, no restaurant: it hears platform events only).
 */
export interface Client {
  socket: WebSocket;
  /** Null for the platform team. */
  restaurantId: string | null;
  role: Role | null;
  userId: string | null;
  tableId: string | null;
  /** The code a guest's page connected with; a rotated code ends the socket. */
  tableToken: string | null;
  /** A staff screen's sign-in session, and when it expires. */
  authSessionId: string | null;
  expiresAt: Date | null;
  /** Who a staff screen acts as when it sends something (null for a guest's page). */
  staff: StaffActor | null;
  /**
   * A guest's page sees its own party only: events from this moment on (its dining session's
   * start) and none after its party has paid.
   */
  since: string | null;
  partyLeft: boolean;
  alive: boolean;
  replaying: boolean;
  queued: Deliverable[];
  /** Numbers recently sent, so replay and live delivery never send one event twice. */
  sent: Set<number>;
  sentOrder: number[];
}

/** Why a socket may no longer stay open, as its close frame says it. */
export interface Revocation {
  code: number;
  reason: string;
}

export interface HubOptions {
  heartbeatMs: number;
  /** Bytes queued on one socket before the client counts as too slow and is dropped. */
  maxBufferedBytes: number;
  /**
   * Re-checks the clients' sessions and table codes against the database at each heartbeat,
   * so a revocation whose bus message was lost still ends the socket; returns the revoked ones.
   */
  revalidate?: (clients: Client[]) => Promise<Map<Client, Revocation>>;
  /**
   * Told at each heartbeat which tables have a guest's page connected here: a guest with the menu
   * open is still at the table, however long they browse.
   */
  guestsPresent?: (tableIds: string[]) => Promise<void>;
}

const SESSION_EXPIRED: Revocation = {
  code: WS_CLOSE.unauthorized,
  reason: WS_REVOKED.sessionExpired,
};

function matches(client: Client, match: SocketMatch): boolean {
  return (
    match.printAgentId === undefined &&
    (match.authSessionId === undefined || client.authSessionId === match.authSessionId) &&
    (match.userId === undefined || client.userId === match.userId) &&
    (match.restaurantId === undefined || client.restaurantId === match.restaurantId) &&
    (match.tableId === undefined || client.tableId === match.tableId) &&
    (!match.staffOnly || client.tableId === null)
  );
}

const RECENT_SENT = 1024;

/** The team's sockets hear that figures changed at most this often (a busy platform is many orders a second). */
const FIGURES_EVERY_MS = 250;

/** Restaurant events that change what the team's console counts. */
function changesTeamFigures(event: DomainEvent): boolean {
  switch (event.type) {
    case 'order_placed':
    case 'order_voided':
    case 'payment_completed':
    case 'staff_updated':
      return true;
    case 'menu_updated':
      return event.data.action === 'plan';
    default:
      return false;
  }
}

/** What goes on the wire: a stored event with its number (a platform event names no restaurant of the socket's). */
export function toWire(
  event: Deliverable,
): Omit<ServerEventMessage, 'restaurantId'> & { restaurantId: string | null } {
  return {
    type: event.type,
    data: event.data,
    timestamp: event.timestamp,
    userId: event.userId,
    restaurantId: event.restaurantId,
    seq: event.seq,
  };
}

/**
 * Delivers committed events to the connected clients of their restaurant, filtered by the contract's
 * visibility table (`EVENT_VISIBILITY`) (staff) or by table (guests). Business logic never sees sockets.
 */
export class RealtimeHub {
  private readonly byRestaurant = new Map<string, Set<Client>>();
  /** The platform team's sockets (they belong to no restaurant). */
  private readonly team = new Set<Client>();
  private readonly unsubscribe: () => void;
  private readonly unsubscribePlatform: () => void;
  private readonly unsubscribeDisconnect: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private revalidating = false;
  private figuresTimer: NodeJS.Timeout | null = null;
  private figuresPending = false;

  constructor(
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly options: HubOptions,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.deliver(event));
    this.unsubscribeDisconnect = bus.subscribeDisconnect((command) => this.disconnect(command));
    this.unsubscribePlatform = bus.subscribePlatform((event) => this.deliverPlatform(event));
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    let n = this.team.size;
    for (const set of this.byRestaurant.values()) n += set.size;
    return n;
  }

  /** A restaurant's live screens on this instance: staff dashboards by role, and guests' pages. */
  screensOf(restaurantId: string): { staff: Map<Role, number>; guests: number } {
    const staff = new Map<Role, number>();
    let guests = 0;
    for (const client of this.byRestaurant.get(restaurantId) ?? []) {
      if (client.tableId) guests += 1;
      else if (client.role) staff.set(client.role, (staff.get(client.role) ?? 0) + 1);
    }
    return { staff, guests };
  }

  /** Every client's set: each restaurant's, and the team's. */
  private sets(): Set<Client>[] {
    return [...this.byRestaurant.values(), this.team];
  }

  canSee(client: Client, event: Deliverable): boolean {
    // Platform events reach the team alone, and the team hears nothing else.
    if (isPlatformEventType(event.type)) {
      return client.restaurantId === null && client.role === 'team';
    }
    return this.canSeeRestaurantEvent(client, event as DomainEvent);
  }

  private canSeeRestaurantEvent(client: Client, event: DomainEvent): boolean {
    if (client.restaurantId === null || event.restaurantId !== client.restaurantId) return false;
    if (client.tableId) {
      if (!guestCanReceive(event, client.tableId)) return false;
      if (event.type === 'menu_updated') return true;
      return !client.partyLeft && (client.since === null || event.timestamp >= client.since);
    }
    if (client.role === null) return false;
    // A change of one's own account (its granted permissions): one's own screens follow it.
    if (event.type === 'staff_updated' && event.data.userId === client.userId) return true;
    return canReceiveEvent(client.role, event.type);
  }

  /** Registers a client, replays what it missed after `lastSeq`, then switches it to live. */
  async attach(
    client: Client,
    lastSeq: number | undefined,
    loadMissed: (afterSeq: number) => Promise<Deliverable[]>,
  ): Promise<void> {
    if (client.restaurantId === null) {
      this.team.add(client);
    } else {
      let set = this.byRestaurant.get(client.restaurantId);
      if (!set) {
        set = new Set();
        this.byRestaurant.set(client.restaurantId, set);
      }
      set.add(client);
    }
    client.socket.on('pong', () => {
      client.alive = true;
    });
    client.socket.on('close', () => this.detach(client));

    if (lastSeq !== undefined) {
      client.replaying = true;
      try {
        for (const event of await loadMissed(lastSeq)) {
          if (this.canSee(client, event)) this.send(client, event);
        }
      } catch (err) {
        this.log.warn({ err }, 'realtime: replay failed');
      }
      client.replaying = false;
      const queued = client.queued.sort((a, b) => a.seq - b.seq);
      client.queued = [];
      for (const event of queued) this.send(client, event);
    }
  }

  detach(client: Client): void {
    if (client.restaurantId === null) {
      this.team.delete(client);
      return;
    }
    const set = this.byRestaurant.get(client.restaurantId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byRestaurant.delete(client.restaurantId);
  }

  deliver(event: DomainEvent): void {
    if (this.team.size > 0 && changesTeamFigures(event)) this.figuresChanged();
    const set = this.byRestaurant.get(event.restaurantId);
    if (!set) return;
    for (const client of set) {
      if (!this.canSee(client, event)) continue;
      if (client.replaying) client.queued.push(event);
      else this.send(client, event);
    }
  }

  /**
   * Tells this instance's team sockets that the console's figures changed: at once, then at most
   * once per FIGURES_EVERY_MS, with one more at the end of a window in which more changed.
   */
  private figuresChanged(): void {
    if (this.figuresTimer) {
      this.figuresPending = true;
      return;
    }
    const frame = JSON.stringify({ type: WS_FIGURES, data: {} });
    for (const client of this.team) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
    }
    this.figuresTimer = setTimeout(() => {
      this.figuresTimer = null;
      if (!this.figuresPending) return;
      this.figuresPending = false;
      this.figuresChanged();
    }, FIGURES_EVERY_MS);
    this.figuresTimer.unref();
  }

  /** A platform event, to every team socket of this instance. */
  deliverPlatform(event: PlatformEvent): void {
    for (const client of this.team) {
      if (!this.canSee(client, event)) continue;
      if (client.replaying) client.queued.push(event);
      else this.send(client, event);
    }
  }

  private send(client: Client, event: Deliverable): void {
    if (client.sent.has(event.seq)) return;
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > this.options.maxBufferedBytes) {
      // It can reconnect and resume from its last number; the server does not hoard for it.
      this.log.warn(
        { restaurantId: client.restaurantId },
        'realtime: dropping a client too slow to read',
      );
      // It is not reading, so it would not read a close frame either: cut it.
      client.socket.terminate();
      this.detach(client);
      return;
    }
    client.sent.add(event.seq);
    client.sentOrder.push(event.seq);
    if (client.sentOrder.length > RECENT_SENT) client.sent.delete(client.sentOrder.shift()!);
    client.socket.send(JSON.stringify(toWire(event)));
    // The guest's party has paid: the next party at this table is none of its business.
    if (client.tableId && event.type === 'payment_completed') client.partyLeft = true;
  }

  /** Closes the matching clients of this instance (the bus brings the command to every one). */
  disconnect(command: DisconnectCommand): void {
    const sets = command.match.restaurantId
      ? [this.byRestaurant.get(command.match.restaurantId)]
      : this.sets();
    for (const set of sets) {
      if (!set) continue;
      for (const client of set) {
        if (matches(client, command.match)) this.end(client, command);
      }
    }
  }

  private end(client: Client, why: Revocation): void {
    this.detach(client);
    client.socket.close(why.code, why.reason.slice(0, 120));
    // A client that does not answer the close is cut after a second.
    setTimeout(() => client.socket.terminate(), 1000).unref();
  }

  private beat(): void {
    const now = Date.now();
    for (const set of this.sets()) {
      for (const client of set) {
        if (client.expiresAt && client.expiresAt.getTime() <= now) {
          this.end(client, SESSION_EXPIRED);
          continue;
        }
        if (!client.alive) {
          client.socket.terminate();
          this.detach(client);
          continue;
        }
        client.alive = false;
        try {
          client.socket.ping();
        } catch {
          this.detach(client);
        }
      }
    }
    void this.revalidateAll();
    void this.reportGuests();
  }

  private async reportGuests(): Promise<void> {
    if (!this.options.guestsPresent) return;
    const tableIds = new Set<string>();
    for (const set of this.byRestaurant.values()) {
      for (const client of set)
        if (client.tableId && !client.partyLeft) tableIds.add(client.tableId);
    }
    if (tableIds.size === 0) return;
    try {
      await this.options.guestsPresent([...tableIds]);
    } catch (err) {
      this.log.warn({ err }, 'realtime: could not record guests present');
    }
  }

  private async revalidateAll(): Promise<void> {
    if (!this.options.revalidate || this.revalidating) return;
    const clients = this.sets().flatMap((set) => [...set]);
    if (clients.length === 0) return;
    this.revalidating = true;
    try {
      for (const [client, why] of await this.options.revalidate(clients)) this.end(client, why);
    } catch (err) {
      // The database may be down: the sockets stay until it answers again.
      this.log.warn({ err }, 'realtime: could not re-check sessions');
    } finally {
      this.revalidating = false;
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    if (this.figuresTimer) clearTimeout(this.figuresTimer);
    this.unsubscribe();
    this.unsubscribeDisconnect();
    this.unsubscribePlatform();
    for (const set of this.sets()) {
      for (const client of set) {
        client.socket.close(1001, 'Server shutting down');
        // Clients that do not answer the close are cut after a second.
        setTimeout(() => client.socket.terminate(), 1000).unref();
      }
    }
    this.byRestaurant.clear();
    this.team.clear();
  }
}
