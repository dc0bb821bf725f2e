import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InProcessEventBus, type EventBus, type SocketMatch } from './bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
    /**
     * Closes the matching live sockets on every instance, after the change that revoked their
     * access has committed (4401 for the account's own session, 4403 for the place it is in).
     */
    disconnectSockets(match: SocketMatch, code: number, reason: string): void;
  }
}

export const eventsPlugin = fp(
  async (app: FastifyInstance, opts: { bus?: EventBus }) => {
    const bus = opts.bus ?? new InProcessEventBus();
    app.decorate('bus', bus);
    app.decorate('disconnectSockets', (match: SocketMatch, code: number, reason: string) => {
      bus.publishDisconnect({ match, code, reason });
    });
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'events' },
);
