import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Bounds how long the HTTP connections hold a shutdown. Node's server stops only once every
 * connection has ended, and Fastify closes just the idle ones: a client that sent half a request
 * and went quiet, or a request that never finishes, would hold the process until the request
 * timeouts (a minute and more). When closing begins, every connection with no request at work
 * ends at once (idle keep-alive, a request still being sent, a browser's unused preconnect);
 * requests at work get `graceMs` to finish, then their connections are cut too. WebSocket
 * connections are not counted here: the WebSocket server closes them with a close frame.
 */
export function boundConnectionsOnClose(app: FastifyInstance, graceMs: number): void {
  const open = new Set<Socket>();
  const working = new Set<Socket>();
  let closing = false;

  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      working.delete(socket);
    });
  });
  app.server.on('request', (request: { socket: Socket }, response: NodeJS.EventEmitter) => {
    const socket = request.socket;
    working.add(socket);
    response.once('close', () => {
      working.delete(socket);
      // Answered during shutdown: the connection ends once its answer is out.
      if (closing) socket.end();
    });
  });
  app.server.on('upgrade', (request: { socket: Socket }) => {
    open.delete(request.socket);
  });

  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of open) if (!working.has(socket)) socket.destroy();
    const cut = setTimeout(() => {
      for (const socket of open) socket.destroy();
    }, graceMs);
    cut.unref();
  });
}
