/**
 * Frames the server sends besides events (they carry no `seq`): `ready` once a socket is attached
 * and the events it missed are replayed, so everything committed from then on reaches it; `pong`
 * answers a client's `ping` with the same `data.id`, after everything the server sent before it.
 * Zod-free: the web's entry bundle reads `ready`, and the guest page's bundle budget
 * (e2e/bundle-budget.spec.ts) has no room for zod (ws.ts, which holds the socket's schemas, pulled
 * it in).
 */
export const WS_READY = 'ready';
export const WS_PONG = 'pong';
/**
 * To the platform team's sockets: a restaurant's activity changed the console's figures (orders
 * today, revenue, staff counts, plans), so its Overview and Restaurants tab read them again. Sent
 * at most a few times a second however busy the platform is; it names no restaurant and carries
 * none of a restaurant's data (the team reads the figures through its own routes).
 */
export const WS_FIGURES = 'figures';
export interface ServerControlMessage {
  type: typeof WS_READY | typeof WS_PONG | typeof WS_FIGURES;
  data: { id?: string };
}
