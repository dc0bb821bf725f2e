import type { DomainEvent, PlatformEvent } from '@tavola/contract';
import { Redis } from 'ioredis';
import {
  InProcessEventBus,
  thisInstance,
  type BusInstance,
  type DisconnectCommand,
  type DisconnectListener,
  type EventBus,
  type EventListener,
  type InvalidationListener,
  type PlatformEventListener,
} from './bus.js';

/**
 * Under the deployment's prefix: its events channel (`…events`), and each instance's presence key
 * (`…instance:<id>`), renewed every PRESENCE_EVERY_MS, gone after PRESENCE_TTL_S.
 */
const PRESENCE_EVERY_MS = 10_000;
const PRESENCE_TTL_S = 30;

interface Envelope {
  from: string;
  events?: DomainEvent[];
  disconnect?: DisconnectCommand;
  platformEvents?: PlatformEvent[];
  invalidate?: string[];
}

/**
 * Fan-out across server instances: events are delivered to this instance's clients at once and
 * sent through Redis pub/sub to the others (each ignores its own messages).
 */
export class RedisEventBus implements EventBus {
  readonly fanOut = 'redis' as const;
  private readonly local = new InProcessEventBus();
  readonly self: BusInstance = thisInstance();
  private readonly instanceId = this.self.id;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private presence: NodeJS.Timeout | null = null;
  private readonly channel: string;
  private readonly presencePrefix: string;

  private constructor(
    url: string,
    prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.channel = `${prefix}events`;
    this.presencePrefix = `${prefix}instance:`;
    const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
  }

  /** Connects to Redis at `url`; `prefix` scopes the channel and keys to one deployment. */
  static async connect(
    url: string,
    prefix: string,
    onError: (err: unknown) => void,
  ): Promise<RedisEventBus> {
    const bus = new RedisEventBus(url, prefix, onError);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    bus.sub.on('message', (_channel: string, message: string) => bus.receive(message));
    await bus.sub.subscribe(bus.channel);
    // While the subscription is down, other instances' invalidations are lost: what this one
    // cached is dropped when it goes and again when it is back (ioredis subscribes again).
    const forgetAll = () => bus.local.publishInvalidation(['*']);
    bus.sub.on('close', forgetAll);
    bus.sub.on('ready', forgetAll);
    await bus.announce();
    bus.presence = setInterval(() => {
      bus.announce().catch(bus.onError);
    }, PRESENCE_EVERY_MS);
    bus.presence.unref();
    return bus;
  }

  /** Says this instance is alive: a key that expires unless renewed (a dead instance drops out). */
  private async announce(): Promise<void> {
    const me = { ...this.self, lastSeenAt: new Date().toISOString() };
    await this.pub.set(
      `${this.presencePrefix}${this.instanceId}`,
      JSON.stringify(me),
      'EX',
      PRESENCE_TTL_S,
    );
  }

  async instances(): Promise<BusInstance[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.pub.scan(
        cursor,
        'MATCH',
        `${this.presencePrefix}*`,
        'COUNT',
        200,
      );
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    const values = await this.pub.mget(...keys);
    return values
      .flatMap((value) => {
        if (!value) return [];
        try {
          return [JSON.parse(value) as BusInstance];
        } catch {
          return [];
        }
      })
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === this.instanceId) return;
    if (Array.isArray(envelope.events)) this.local.publish(envelope.events);
    if (envelope.disconnect) this.local.publishDisconnect(envelope.disconnect);
    if (Array.isArray(envelope.platformEvents)) this.local.publishPlatform(envelope.platformEvents);
    if (Array.isArray(envelope.invalidate)) this.local.publishInvalidation(envelope.invalidate);
  }

  publish(events: readonly DomainEvent[]): void {
    if (events.length === 0) return;
    this.local.publish(events);
    const envelope: Envelope = { from: this.instanceId, events: [...events] };
    // Clients of other instances that miss a message catch up through resume.
    this.pub.publish(this.channel, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribe(listener: EventListener): () => void {
    return this.local.subscribe(listener);
  }

  publishDisconnect(command: DisconnectCommand): void {
    this.local.publishDisconnect(command);
    const envelope: Envelope = { from: this.instanceId, disconnect: command };
    // A lost message is caught by the heartbeat, which re-checks every socket's session.
    this.pub.publish(this.channel, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribeDisconnect(listener: DisconnectListener): () => void {
    return this.local.subscribeDisconnect(listener);
  }

  publishPlatform(events: readonly PlatformEvent[]): void {
    if (events.length === 0) return;
    this.local.publishPlatform(events);
    const envelope: Envelope = { from: this.instanceId, platformEvents: [...events] };
    // As for restaurants' events: a team screen that misses one catches up through resume.
    this.pub.publish(this.channel, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribePlatform(listener: PlatformEventListener): () => void {
    return this.local.subscribePlatform(listener);
  }

  publishInvalidation(scopes: readonly string[]): void {
    if (scopes.length === 0) return;
    this.local.publishInvalidation(scopes);
    const envelope: Envelope = { from: this.instanceId, invalidate: [...scopes] };
    // A lost message is bounded by the caches' time to live; a lost connection drops them all.
    this.pub.publish(this.channel, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribeInvalidation(listener: InvalidationListener): () => void {
    return this.local.subscribeInvalidation(listener);
  }

  async close(): Promise<void> {
    if (this.presence) clearInterval(this.presence);
    // Gone at once, not when the key expires.
    await this.pub.del(`${this.presencePrefix}${this.instanceId}`).catch(() => undefined);
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
