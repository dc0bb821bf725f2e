import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { DomainEvent, PlatformEvent } from '@tavola/contract';

export type EventListener = (event: DomainEvent) => void;

/** Hears platform events (for the team's sockets), apart from restaurants' events. */
export type PlatformEventListener = (event: PlatformEvent) => void;

/** Which live connections a revocation ends: every given field must match. */
export interface SocketMatch {
  authSessionId?: string;
  userId?: string;
  restaurantId?: string;
  tableId?: string;
  /** Staff screens alone: a guest's page matching the rest stays open. */
  staffOnly?: boolean;
  /** A print agent's socket (its device token was revoked); no screen matches it. */
  printAgentId?: string;
}

/**
 * Ends the matching sockets on every instance (a sign-out, a deactivation, a suspension, a
 * rotated table code, a revoked print agent). Not an event: never stored, never shown to anybody.
 */
export interface DisconnectCommand {
  match: SocketMatch;
  code: number;
  reason: string;
}

export type DisconnectListener = (command: DisconnectCommand) => void;

/** Hears which cache scopes a committed change made stale (see core/cache); `*` is every one. */
export type InvalidationListener = (scopes: readonly string[]) => void;

/** A server instance on the bus (what the team's Settings tab shows of the deployment). */
export interface BusInstance {
  id: string;
  hostname: string;
  pid: number;
  startedAt: string;
  /** When it last announced itself (null for an in-process bus: it is this process). */
  lastSeenAt: string | null;
}

/** This process, as it introduces itself on the bus. */
export function thisInstance(): BusInstance {
  return {
    id: randomUUID(),
    hostname: os.hostname(),
    pid: process.pid,
    startedAt: new Date().toISOString(),
    lastSeenAt: null,
  };
}

/**
 * Fans committed events out to subscribers (the real-time module). In-process by default;
 * a Redis-backed bus with the same shape connects several instances.
 */
export interface EventBus {
  publish(events: readonly DomainEvent[]): void;
  subscribe(listener: EventListener): () => void;
  publishDisconnect(command: DisconnectCommand): void;
  subscribeDisconnect(listener: DisconnectListener): () => void;
  publishPlatform(events: readonly PlatformEvent[]): void;
  subscribePlatform(listener: PlatformEventListener): () => void;
  /**
   * Cached answers a committed change made stale: this instance's listeners hear it before the
   * call returns, the other instances' through Redis. A bus that may have missed messages (Redis
   * lost and found again) tells its own listeners `*`.
   */
  publishInvalidation(scopes: readonly string[]): void;
  subscribeInvalidation(listener: InvalidationListener): () => void;
  /** How events reach other instances: through Redis, or to this process only. */
  readonly fanOut: 'redis' | 'in-process';
  /** This instance. */
  readonly self: BusInstance;
  /** The instances alive now: those announcing themselves through Redis, or this one alone. */
  instances(): Promise<BusInstance[]>;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  readonly fanOut = 'in-process' as const;
  readonly self: BusInstance = thisInstance();
  private readonly listeners = new Set<EventListener>();
  private readonly disconnectListeners = new Set<DisconnectListener>();
  private readonly platformListeners = new Set<PlatformEventListener>();
  private readonly invalidationListeners = new Set<InvalidationListener>();

  publish(events: readonly DomainEvent[]): void {
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch {
          // One failing subscriber must not stop delivery to the others.
        }
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publishDisconnect(command: DisconnectCommand): void {
    for (const listener of this.disconnectListeners) {
      try {
        listener(command);
      } catch {
        // As above: one failing subscriber must not stop the others.
      }
    }
  }

  subscribeDisconnect(listener: DisconnectListener): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  publishPlatform(events: readonly PlatformEvent[]): void {
    for (const event of events) {
      for (const listener of this.platformListeners) {
        try {
          listener(event);
        } catch {
          // As above.
        }
      }
    }
  }

  subscribePlatform(listener: PlatformEventListener): () => void {
    this.platformListeners.add(listener);
    return () => this.platformListeners.delete(listener);
  }

  publishInvalidation(scopes: readonly string[]): void {
    if (scopes.length === 0) return;
    for (const listener of this.invalidationListeners) {
      try {
        listener(scopes);
      } catch {
        // As above.
      }
    }
  }

  subscribeInvalidation(listener: InvalidationListener): () => void {
    this.invalidationListeners.add(listener);
    return () => this.invalidationListeners.delete(listener);
  }

  async instances(): Promise<BusInstance[]> {
    return [this.self];
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.disconnectListeners.clear();
    this.platformListeners.clear();
    this.invalidationListeners.clear();
  }
}
