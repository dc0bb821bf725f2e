import { randomUUID } from 'node:crypto';
import type { DomainEvent, PlatformEvent } from '@tavola/contract';
import { Redis } from 'ioredis';
import {
  InProcessEventBus,
  type DisconnectCommand,
  type DisconnectListener,
  type EventBus,
  type EventListener,
  type PlatformEventListener,
} from './bus.js';

const CHANNEL = 'tavola:events';

interface Envelope {
  from: string;
  events?: DomainEvent[];
  disconnect?: DisconnectCommand;
  platformEvents?: PlatformEvent[];
}

/**
 * Fan-out across server instances: events are delivered to this instance's clients at once and
 * sent through Redis pub/sub to the others (each ignores its own messages).
 */
export class RedisEventBus implements EventBus {
  private readonly local = new InProcessEventBus();
  private readonly instanceId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;

  private constructor(
    url: string,
    private readonly onError: (err: unknown) => void,
  ) {
    const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
  }

  static async connect(url: string, onError: (err: unknown) => void): Promise<RedisEventBus> {
    const bus = new RedisEventBus(url, onError);
    await Promise.all([bus.pub.connect(), bus.sub.connect()]);
    bus.sub.on('message', (_channel: string, message: string) => bus.receive(message));
    await bus.sub.subscribe(CHANNEL);
    return bus;
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
  }

  publish(events: readonly DomainEvent[]): void {
    if (events.length === 0) return;
    this.local.publish(events);
    const envelope: Envelope = { from: this.instanceId, events: [...events] };
    // Clients of other instances that miss a message catch up through resume.
    this.pub.publish(CHANNEL, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribe(listener: EventListener): () => void {
    return this.local.subscribe(listener);
  }

  publishDisconnect(command: DisconnectCommand): void {
    this.local.publishDisconnect(command);
    const envelope: Envelope = { from: this.instanceId, disconnect: command };
    // A lost message is caught by the heartbeat, which re-checks every socket's session.
    this.pub.publish(CHANNEL, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribeDisconnect(listener: DisconnectListener): () => void {
    return this.local.subscribeDisconnect(listener);
  }

  publishPlatform(events: readonly PlatformEvent[]): void {
    if (events.length === 0) return;
    this.local.publishPlatform(events);
    const envelope: Envelope = { from: this.instanceId, platformEvents: [...events] };
    // As for restaurants' events: a team screen that misses one catches up through resume.
    this.pub.publish(CHANNEL, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribePlatform(listener: PlatformEventListener): () => void {
    return this.local.subscribePlatform(listener);
  }

  async close(): Promise<void> {
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
