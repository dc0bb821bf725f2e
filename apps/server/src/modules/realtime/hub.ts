import {
  canReceiveEvent,
  guestCanReceive,
  type DomainEvent,
  type Role,
  type ServerEventMessage,
} from '@tavola/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventBus } from '../../lib/event-bus.js';

/** A connected screen: a staff member (with a role) or a guest's page (with a table). */
export interface Client {
  socket: WebSocket;
  restaurantId: string;
  role: Role | null;
  userId: string | null;
  tableId: string | null;
  alive: boolean;
  replaying: boolean;
  queued: DomainEvent[];
  /** Numbers recently sent, so replay and live delivery never send one event twice. */
  sent: Set<number>;
  sentOrder: number[];
}

export interface HubOptions {
  heartbeatMs: number;
  /** Bytes queued on one socket before the client counts as too slow and is dropped. */
  maxBufferedBytes: number;
}

const RECENT_SENT = 1024;

export function toWire(event: DomainEvent): ServerEventMessage {
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
 * Delivers committed events to the connected clients of their restaurant, filtered by spec §6's
 * visibility table (staff) or by table (guests). Business logic never sees sockets.
 */
export class RealtimeHub {
  private readonly byRestaurant = new Map<string, Set<Client>>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly options: HubOptions,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.deliver(event));
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byRestaurant.values()) n += set.size;
    return n;
  }

  canSee(client: Client, event: DomainEvent): boolean {
    if (event.restaurantId !== client.restaurantId) return false;
    if (client.tableId) return guestCanReceive(event, client.tableId);
    return client.role !== null && canReceiveEvent(client.role, event.type);
  }

  /** Registers a client, replays what it missed after `lastSeq`, then switches it to live. */
  async attach(
    client: Client,
    lastSeq: number | undefined,
    loadMissed: (afterSeq: number) => Promise<DomainEvent[]>,
  ): Promise<void> {
    let set = this.byRestaurant.get(client.restaurantId);
    if (!set) {
      set = new Set();
      this.byRestaurant.set(client.restaurantId, set);
    }
    set.add(client);
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
    const set = this.byRestaurant.get(client.restaurantId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byRestaurant.delete(client.restaurantId);
  }

  deliver(event: DomainEvent): void {
    const set = this.byRestaurant.get(event.restaurantId);
    if (!set) return;
    for (const client of set) {
      if (!this.canSee(client, event)) continue;
      if (client.replaying) client.queued.push(event);
      else this.send(client, event);
    }
  }

  private send(client: Client, event: DomainEvent): void {
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
  }

  private beat(): void {
    for (const set of this.byRestaurant.values()) {
      for (const client of set) {
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
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const set of this.byRestaurant.values()) {
      for (const client of set) {
        client.socket.close(1001, 'Server shutting down');
        // Clients that do not answer the close are cut after a second.
        setTimeout(() => client.socket.terminate(), 1000).unref();
      }
    }
    this.byRestaurant.clear();
  }
}
