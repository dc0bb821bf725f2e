/**
 * A payment's life, as a pure state machine the server applies and the tests enumerate.
 *
 *   pending            ─authorize─▶ authorized
 *   pending            ─fail──────▶ failed                 (final)
 *   authorized         ─capture───▶ captured
 *   authorized         ─fail──────▶ failed
 *   captured           ─refund────▶ partially_refunded, or refunded when it gives back all
 *   partially_refunded ─refund────▶ partially_refunded, or refunded when it gives back the rest
 *   refunded                                              (final)
 *
 * A payment starts `pending` when it is asked of a provider; the provider holds the money
 * (`authorized`) and then takes it (`captured`), or refuses (`failed`, final). Only captured money
 * counts towards a bill. A refund gives back part or all of a captured payment: it never edits
 * the payment's own amount, it is a separate negative movement dated on the day it happens, and
 * the payment's status only says how much of it is left (`partially_refunded`, then `refunded`
 * when nothing is left, final).
 */
import { refusalsEn } from '../i18n/catalogs/en.js';

export const PAYMENT_STATES = [
  'pending',
  'authorized',
  'captured',
  'failed',
  'partially_refunded',
  'refunded',
] as const;

export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Who moves the money. `manual`: staff took cash or ran a card on their own terminal. `demo`: a
 * guest paying at the table of a restaurant with no card provider connected; it moves no money.
 * `stripe`: a guest's card through the restaurant's own Stripe account.
 */
export const PAYMENT_PROVIDERS = ['manual', 'demo', 'stripe'] as const;

export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** The statuses whose money was taken: a bill counts them, and only they can be refunded. */
export const CAPTURED_STATUSES = [
  'captured',
  'partially_refunded',
  'refunded',
] as const satisfies readonly PaymentState[];

export const isCaptured = (status: PaymentState) =>
  (CAPTURED_STATUSES as readonly PaymentState[]).includes(status);

/** What can happen to a payment. A refund carries its amounts, which decide where it leads. */
export type PaymentStep =
  | { type: 'authorize' }
  | { type: 'capture' }
  | { type: 'fail' }
  | {
      type: 'refund';
      /** The payment as captured, in cents (bill part and tip). */
      captured: { amountCents: number; tipCents: number };
      /** What earlier refunds already gave back. */
      refunded: { amountCents: number; tipCents: number };
      /** This refund. */
      refund: { amountCents: number; tipCents: number };
    };

export type PaymentStepType = PaymentStep['type'];

export const PAYMENT_STEP_TYPES = ['authorize', 'capture', 'fail', 'refund'] as const;

export type PaymentTransition = { ok: true; status: PaymentState } | { ok: false; reason: string };

/** Why a step is refused, as the message catalog's code. */
export type PaymentRefusalCode =
  | 'PAYMENT_NOT_AUTHORIZED'
  | 'PAYMENT_NOT_CAPTURED'
  | 'PAYMENT_ALREADY_CAPTURED'
  | 'PAYMENT_FAILED'
  | 'PAYMENT_REFUNDED_IN_FULL'
  | 'REFUND_NOT_POSITIVE'
  | 'REFUND_ABOVE_LEFT';

export type PaymentMove =
  { ok: true; status: PaymentState } | { ok: false; refusal: PaymentRefusalCode };

/** From each status, the step that may leave it, and where (a refund decides by its amounts). */
const MOVES: Record<PaymentState, Partial<Record<PaymentStepType, PaymentState | 'by amount'>>> = {
  pending: { authorize: 'authorized', fail: 'failed' },
  authorized: { capture: 'captured', fail: 'failed' },
  captured: { refund: 'by amount' },
  partially_refunded: { refund: 'by amount' },
  failed: {},
  refunded: {},
};

const REFUSED: Record<PaymentState, PaymentRefusalCode> = {
  pending: 'PAYMENT_NOT_AUTHORIZED',
  authorized: 'PAYMENT_NOT_CAPTURED',
  captured: 'PAYMENT_ALREADY_CAPTURED',
  failed: 'PAYMENT_FAILED',
  partially_refunded: 'PAYMENT_ALREADY_CAPTURED',
  refunded: 'PAYMENT_REFUNDED_IN_FULL',
};

/**
 * Where `step` takes a payment in `status`, or the catalog's code for why it cannot. Pure: the
 * server locks the payment, asks this, and writes the answer (or refuses with the code).
 */
export function nextPaymentMove(status: PaymentState, step: PaymentStep): PaymentMove {
  const to = MOVES[status][step.type];
  if (!to) return { ok: false, refusal: REFUSED[status] };
  if (to !== 'by amount') return { ok: true, status: to };
  if (step.type !== 'refund') return { ok: false, refusal: REFUSED[status] };

  const { captured, refunded, refund } = step;
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(refund.amountCents) || !whole(refund.tipCents))
    return { ok: false, refusal: 'REFUND_NOT_POSITIVE' };
  if (refund.amountCents + refund.tipCents === 0)
    return { ok: false, refusal: 'REFUND_NOT_POSITIVE' };
  const leftAmount = captured.amountCents - refunded.amountCents;
  const leftTip = captured.tipCents - refunded.tipCents;
  if (refund.amountCents > leftAmount || refund.tipCents > leftTip)
    return { ok: false, refusal: 'REFUND_ABOVE_LEFT' };
  const nothingLeft = refund.amountCents === leftAmount && refund.tipCents === leftTip;
  return { ok: true, status: nothingLeft ? 'refunded' : 'partially_refunded' };
}

/** `nextPaymentMove` with the refusal in English words, for screens that show it as it is. */
export function nextPaymentState(status: PaymentState, step: PaymentStep): PaymentTransition {
  const move = nextPaymentMove(status, step);
  return move.ok ? move : { ok: false, reason: refusalsEn[move.refusal] };
}

/** What is still refundable of a captured payment. */
export function refundableCents(
  captured: { amountCents: number; tipCents: number },
  refunded: { amountCents: number; tipCents: number },
) {
  return {
    amountCents: captured.amountCents - refunded.amountCents,
    tipCents: captured.tipCents - refunded.tipCents,
  };
}
