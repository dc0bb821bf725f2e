import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import {
  freeze,
  giveBack,
  loadPendingOrder,
  orderBody,
  savePendingOrder,
  settle,
  type OrderBody,
  type PendingOrder,
} from './pending-order';

/** What the last Send came to. */
export type SendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; orderNumber: number; replayed: boolean }
  /** No answer (the connection, a server error): the order waits with its key for a retry. */
  | { kind: 'unconfirmed'; error: string }
  /** The server said no: nothing was placed; the lines are back among those not sent. */
  | { kind: 'refused'; error: string; code: string | null };

export type SendOrder = (
  body: OrderBody,
  idempotencyKey: string,
) => Promise<{ order_number: number; replayed: boolean }>;

/**
 * An answer that says the order was not placed: a refusal (4xx) other than a rate limit or a
 * timeout, which say nothing about an earlier attempt.
 */
const refused = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/**
 * A place's pending order (a table's or a tab's), kept on this device until the server has it,
 * and Send: one request at a time, a double tap sends once, and a retry after a lost answer sends
 * the same lines with the same Idempotency-Key, so the server replays rather than places again.
 */
export function usePendingOrder(place: string, send: SendOrder) {
  const [order, setOrder] = useState<PendingOrder>(() => loadPendingOrder(place));
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  // The latest order, read synchronously: two taps in one frame must see the first one's freeze.
  const latest = useRef(order);
  const inFlight = useRef(false);

  const commit = useCallback(
    (next: PendingOrder) => {
      latest.current = next;
      savePendingOrder(place, next);
      setOrder(next);
    },
    [place],
  );

  const update = useCallback(
    (change: (o: PendingOrder) => PendingOrder) => commit(change(latest.current)),
    [commit],
  );

  const sendNow = useCallback(async () => {
    if (inFlight.current) return;
    const frozen = freeze(latest.current);
    const outgoing = frozen.outgoing;
    if (!outgoing) return;
    inFlight.current = true;
    commit(frozen);
    setState({ kind: 'sending' });
    try {
      const placed = await send(orderBody(outgoing), outgoing.key);
      commit(settle(latest.current));
      setState({ kind: 'sent', orderNumber: placed.order_number, replayed: placed.replayed });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError && error.code === 'IDEMPOTENCY_KEY_BILL_CLOSED') {
        // Placed on the first attempt, on a bill settled since: nothing to send again.
        commit(settle(latest.current));
        setState({ kind: 'refused', error: message, code: error.code });
      } else if (refused(error)) {
        commit(giveBack(latest.current));
        setState({ kind: 'refused', error: message, code: error.code });
      } else {
        setState({ kind: 'unconfirmed', error: message });
      }
    } finally {
      inFlight.current = false;
    }
  }, [commit, send]);

  return { order, update, send: sendNow, state, dismiss: () => setState({ kind: 'idle' }) };
}
