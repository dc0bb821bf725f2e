/**
 * Frames the server sends besides events (they carry no `seq`): `ready` once a socket is attached
 * and the events it missed are replayed, so everything committed from then on reaches it; `pong`
 * answers a client's `ping` with the same `data.id`, after everything the server sent before it.
 * Zod-free: the web's entry bundle reads `ready`, and the guest page's 120 KB budget has no room
 * for zod (ws.ts, which holds the socket's schemas, pulled it in).
 */
export const WS_READY = 'ready';
export const WS_PONG = 'pong';
export interface ServerControlMessage {
  type: typeof WS_READY | typeof WS_PONG;
  data: { id?: string };
}
