import type { DomainEvent, EventInput, PlatformEvent, PlatformEventInput } from '@tavola/contract';
import type { Actor, TeamMember } from '../auth/actors.js';
import { actorUserId } from '../auth/actors.js';
import { auditInsert, writeAudit, type AuditEntry } from '../audit/writer.js';
import type { Db, Tx } from '../db/client.js';
import type { DisconnectCommand, EventBus } from './bus.js';
import { recordEvents, recordPlatformEvents } from './recorder.js';

/** What a service needs from the application: the database and the bus (the Fastify app fits). */
export interface WorkContext {
  db: Db;
  bus: EventBus;
}

/**
 * One change made by one actor, in one transaction. A service changes rows through `tx` and
 * says what happened with `emit` (typed events), `audit` (typed actions) and `disconnect`
 * (sockets the change revokes). The unit writes the audit entries and then the events last in
 * the transaction, so the event counter is always the last lock a write takes (waiting on it
 * never holds a table, an order or a ticket); after the commit it publishes the events and
 * the disconnects. Nothing else records or publishes events.
 */
export class UnitOfWork {
  private readonly pendingEvents: EventInput[] = [];
  private readonly pendingAudit: AuditEntry[] = [];
  private readonly pendingDisconnects: DisconnectCommand[] = [];
  private readonly pendingPlatformEvents: PlatformEventInput[] = [];
  private readonly pendingInvalidations: string[] = [];
  private recordedPlatformEvents: PlatformEvent[] = [];

  constructor(
    readonly tx: Tx,
    readonly actor: Actor,
  ) {}

  get restaurantId(): string {
    return this.actor.restaurantId;
  }

  /** The staff member acting, or null for a guest. */
  get userId(): string | null {
    return actorUserId(this.actor);
  }

  /** Adds events; each is attributed to the acting staff member unless it says otherwise. */
  emit(...events: EventInput[]): void {
    for (const event of events) {
      this.pendingEvents.push(
        event.userId === undefined ? { ...event, userId: this.userId } : event,
      );
    }
  }

  audit(entry: AuditEntry): void {
    this.pendingAudit.push(entry);
  }

  /**
   * Tells the platform team (their bell) what happened: a restaurant created, signed up,
   * suspended or activated. Never shown to a restaurant.
   */
  notifyTeam(...events: PlatformEventInput[]): void {
    this.pendingPlatformEvents.push(...events);
  }

  /** Closes matching live sockets on every instance once the change has committed. */
  disconnect(command: DisconnectCommand): void {
    this.pendingDisconnects.push(command);
  }

  /**
   * Cached answers this change makes stale that no event of it already invalidates (see
   * core/cache): dropped on every instance once the change has committed.
   */
  invalidate(...scopes: string[]): void {
    this.pendingInvalidations.push(...scopes);
  }

  /** @internal */
  get invalidations(): readonly string[] {
    return this.pendingInvalidations;
  }

  /** @internal Writes what was added; called once by `runWork`, at the end of the transaction. */
  async finish(): Promise<DomainEvent[]> {
    // The admin's Audit Logs tab follows the log live: one small event per change that wrote
    // entries (admins alone receive it), recorded with the change's other events.
    if (this.pendingAudit.length > 0) {
      this.emit({
        type: 'audit_logged',
        data: { actions: [...new Set(this.pendingAudit.map((e) => e.action))] },
      });
    }
    // A change made without an account says by whom: a guest at a table, the server itself, or
    // an integration's API key (named, so the log tells one key from another).
    const actor = this.actor;
    const by: Record<string, unknown> | null =
      actor.kind === 'guest' || actor.kind === 'system'
        ? { by: actor.kind }
        : actor.kind === 'api_key'
          ? { by: 'api_key', apiKeyId: actor.apiKeyId, apiKeyName: actor.apiKeyName }
          : null;
    const audit = auditInsert(
      this.tx,
      { restaurantId: this.restaurantId, userId: this.userId },
      by
        ? this.pendingAudit.map((e) => ({ ...e, details: { ...by, ...e.details } }))
        : this.pendingAudit,
    );
    this.recordedPlatformEvents = await recordPlatformEvents(
      this.tx,
      this.userId,
      this.pendingPlatformEvents,
    );
    // The audit entries and the events in one statement: the counter is still the last lock.
    return recordEvents(this.tx, this.restaurantId, this.pendingEvents, audit);
  }

  /** @internal */
  get disconnects(): readonly DisconnectCommand[] {
    return this.pendingDisconnects;
  }

  /** @internal The platform events `finish` wrote. */
  get platformEvents(): readonly PlatformEvent[] {
    return this.recordedPlatformEvents;
  }
}

/**
 * Runs `body` as one unit of work: one transaction, its events recorded last, published after
 * the commit. A thrown error rolls everything back and nothing is published.
 */
export async function runWork<T>(
  ctx: WorkContext,
  actor: Actor,
  body: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const { result, events, platformEvents, disconnects, invalidations } = await ctx.db.transaction(
    async (tx) => {
      const uow = new UnitOfWork(tx, actor);
      const result = await body(uow);
      const events = await uow.finish();
      return {
        result,
        events,
        platformEvents: uow.platformEvents,
        disconnects: uow.disconnects,
        invalidations: uow.invalidations,
      };
    },
  );
  // Caches first: a listener of the events below may read what they describe.
  if (invalidations.length) ctx.bus.publishInvalidation(invalidations);
  if (events.length) ctx.bus.publish(events);
  if (platformEvents.length) ctx.bus.publishPlatform(platformEvents);
  for (const command of disconnects) ctx.bus.publishDisconnect(command);
  return result;
}

/**
 * A change the platform team makes to the platform itself, about no restaurant (its settings,
 * its team accounts): audited with no restaurant, and it may tell the team (platform events)
 * and end sockets. Restaurants' events belong to `UnitOfWork`.
 */
export class PlatformUnitOfWork {
  private readonly pendingAudit: AuditEntry[] = [];
  private readonly pendingDisconnects: DisconnectCommand[] = [];
  private readonly pendingPlatformEvents: PlatformEventInput[] = [];
  private readonly pendingInvalidations: string[] = [];

  constructor(
    readonly tx: Tx,
    /** Null when the server itself acts (a scheduled look at trials ending). */
    readonly member: TeamMember | null,
  ) {}

  get userId(): string | null {
    return this.member?.user.id ?? null;
  }

  audit(entry: AuditEntry): void {
    this.pendingAudit.push(entry);
  }

  notifyTeam(...events: PlatformEventInput[]): void {
    this.pendingPlatformEvents.push(...events);
  }

  disconnect(command: DisconnectCommand): void {
    this.pendingDisconnects.push(command);
  }

  /** As `UnitOfWork.invalidate`. */
  invalidate(...scopes: string[]): void {
    this.pendingInvalidations.push(...scopes);
  }

  /** @internal Writes the audit entries, then the platform events (last, as `UnitOfWork` does). */
  async finish(): Promise<{
    platformEvents: PlatformEvent[];
    disconnects: DisconnectCommand[];
    invalidations: string[];
  }> {
    await writeAudit(this.tx, { restaurantId: null, userId: this.userId }, this.pendingAudit);
    const platformEvents = await recordPlatformEvents(
      this.tx,
      this.userId,
      this.pendingPlatformEvents,
    );
    return {
      platformEvents,
      disconnects: this.pendingDisconnects,
      invalidations: this.pendingInvalidations,
    };
  }
}

/** Runs `body` as one platform-wide change: one transaction, published after the commit. */
export async function runPlatformWork<T>(
  ctx: WorkContext,
  member: TeamMember | null,
  body: (uow: PlatformUnitOfWork) => Promise<T>,
): Promise<T> {
  const { result, platformEvents, disconnects, invalidations } = await ctx.db.transaction(
    async (tx) => {
      const uow = new PlatformUnitOfWork(tx, member);
      const result = await body(uow);
      return { result, ...(await uow.finish()) };
    },
  );
  if (invalidations.length) ctx.bus.publishInvalidation(invalidations);
  if (platformEvents.length) ctx.bus.publishPlatform(platformEvents);
  for (const command of disconnects) ctx.bus.publishDisconnect(command);
  return result;
}
