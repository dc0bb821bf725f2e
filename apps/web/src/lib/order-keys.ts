/**
 * Keys an order goes out with: one per cart line (the server keeps it as the line's identity) and
 * one per send (the Idempotency-Key: a retry with it replays the first answer, never a second
 * order). Both must be unguessable enough never to collide and short enough for the server's
 * line-key rule (40 characters of letters, digits, `-` and `_`).
 */
export function newOrderKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
