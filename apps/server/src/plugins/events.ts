import type { DomainEvent } from '@tavola/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InProcessEventBus, type EventBus } from '../lib/event-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
    /** Publishes events that were written in a transaction which has now committed. */
    publish(events: readonly DomainEvent[]): void;
  }
}

export const eventsPlugin = fp(
  async (app: FastifyInstance, opts: { bus?: EventBus }) => {
    const bus = opts.bus ?? new InProcessEventBus();
    app.decorate('bus', bus);
    app.decorate('publish', (events: readonly DomainEvent[]) => {
      if (events.length) bus.publish(events);
    });
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'events' },
);
