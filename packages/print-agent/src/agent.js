import WebSocket from 'ws';
import { sendToPrinter } from './printer.js';
import { openRawTcp } from './tcp.js';

/** The close code the server sends when the agent's token is unknown or revoked. */
const REVOKED = 4403;

/**
 * Signs in to the Tavola server with the agent's device token and keeps ONE outbound WebSocket
 * open (reconnecting after a drop, with a growing pause), prints every job it is sent on the
 * printer the job names and answers with the printer's status. A revoked token ends it.
 *
 * `url` is the server's address (http(s)://host:port); resolves once the first connection is open.
 */
export function startAgent({ url, token, log = () => {} }) {
  const socketUrl = `${url.replace(/^http/, 'ws').replace(/\/$/, '')}/agent`;
  let socket = null;
  let stopped = false;
  let pause = 1000;
  let timer = null;
  let signedIn = false;
  let firstOpen;
  const opened = new Promise((resolve, reject) => {
    firstOpen = { resolve, reject };
  });
  let closedForGood;
  const ended = new Promise((resolve) => {
    closedForGood = resolve;
  });

  const connect = () => {
    socket = new WebSocket(socketUrl, { headers: { authorization: `Bearer ${token}` } });
    socket.on('open', () => log('connected'));
    socket.on('message', (data) => {
      let message;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (message.type === 'hello') {
        // Signed in: the server accepted the token.
        pause = 1000;
        signedIn = true;
        log(`signed in as ${message.name}`);
        firstOpen.resolve();
        return;
      }
      if (message.type !== 'print') return;
      const bytes = Buffer.from(message.bytes, 'base64');
      void sendToPrinter(message, bytes, openRawTcp).then((outcome) => {
        if (socket?.readyState === WebSocket.OPEN) {
          const result = { type: 'result', id: message.id, error: null, ...outcome };
          socket.send(JSON.stringify(result));
        }
      });
    });
    socket.on('close', (code, reason) => {
      signedIn = false;
      log(`disconnected (${code} ${reason.toString()})`);
      if (code === REVOKED) {
        stopped = true;
        firstOpen.reject(new Error(`Token refused: ${reason.toString()}`));
      }
      if (stopped) return closedForGood(code);
      timer = setTimeout(connect, pause);
      pause = Math.min(pause * 2, 30_000);
    });
    socket.on('error', (err) => log(`socket error: ${err.message}`));
  };
  connect();

  return {
    opened,
    /** Resolves with the close code once the agent stops (revoked, or `close()`). */
    ended,
    get connected() {
      return signedIn && socket?.readyState === WebSocket.OPEN;
    },
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.close(1000, 'Agent stopped');
      return ended;
    },
  };
}
