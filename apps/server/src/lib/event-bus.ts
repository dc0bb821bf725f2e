import type { DomainEvent } from '@tavola/contract';

export type EventListener = (event: DomainEvent) => void;

/**
 * Fans committed events out to subscribers (the real-time module). In-process by default;
 * a Redis-backed bus with the same shape connects several instances.
 */
export interface EventBus {
  publish(events: readonly DomainEvent[]): void;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly listeners = new Set<EventListener>();

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

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
