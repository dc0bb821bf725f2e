import { describe, expect, it } from 'vitest';
import {
  isCaptured,
  nextPaymentState,
  PAYMENT_STATES,
  PAYMENT_STEP_TYPES,
  type PaymentState,
  type PaymentStep,
  type PaymentStepType,
  refundableCents,
} from './state.js';

const captured = { amountCents: 4400, tipCents: 600 };
const none = { amountCents: 0, tipCents: 0 };

/** A step of each type; the refund gives back part of a payment nothing was refunded of yet. */
const step = (type: PaymentStepType): PaymentStep =>
  type === 'refund'
    ? { type, captured, refunded: none, refund: { amountCents: 1000, tipCents: 0 } }
    : { type };

/** Every allowed move; anything not listed here must be refused. */
const ALLOWED: Partial<Record<PaymentState, Partial<Record<PaymentStepType, PaymentState>>>> = {
  pending: { authorize: 'authorized', fail: 'failed' },
  authorized: { capture: 'captured', fail: 'failed' },
  captured: { refund: 'partially_refunded' },
  partially_refunded: { refund: 'partially_refunded' },
};

describe('the payment state machine', () => {
  const cases = PAYMENT_STATES.flatMap((from) =>
    PAYMENT_STEP_TYPES.map((type) => ({ from, type, to: ALLOWED[from]?.[type] })),
  );

  it.each(cases.filter((c) => c.to))('$from --$type--> $to', ({ from, type, to }) => {
    expect(nextPaymentState(from, step(type))).toEqual({ ok: true, status: to });
  });

  it.each(cases.filter((c) => !c.to))('$from refuses $type', ({ from, type }) => {
    const result = nextPaymentState(from, step(type));
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(/^This payment /);
  });

  it('enumerates all 24 pairs: 6 allowed, 18 refused', () => {
    expect(cases).toHaveLength(PAYMENT_STATES.length * PAYMENT_STEP_TYPES.length);
    expect(cases.filter((c) => c.to)).toHaveLength(6);
  });

  it('a refund of everything that is left ends in refunded, from captured and from partially refunded', () => {
    expect(
      nextPaymentState('captured', { type: 'refund', captured, refunded: none, refund: captured }),
    ).toEqual({ ok: true, status: 'refunded' });
    expect(
      nextPaymentState('partially_refunded', {
        type: 'refund',
        captured,
        refunded: { amountCents: 1000, tipCents: 600 },
        refund: { amountCents: 3400, tipCents: 0 },
      }),
    ).toEqual({ ok: true, status: 'refunded' });
  });

  it('a refund of the tip alone, or of the bill part alone, leaves the rest refundable', () => {
    const tipOnly = { amountCents: 0, tipCents: 600 };
    expect(
      nextPaymentState('captured', { type: 'refund', captured, refunded: none, refund: tipOnly }),
    ).toEqual({ ok: true, status: 'partially_refunded' });
    expect(refundableCents(captured, tipOnly)).toEqual({ amountCents: 4400, tipCents: 0 });
  });

  it('refuses a refund of more than is left, of nothing, of a negative or fractional amount', () => {
    const refund = (refunded: typeof none, r: typeof none) =>
      nextPaymentState('partially_refunded', { type: 'refund', captured, refunded, refund: r });
    const tooMuch = refund({ amountCents: 4000, tipCents: 0 }, { amountCents: 401, tipCents: 0 });
    expect(tooMuch).toEqual({
      ok: false,
      reason: 'A refund cannot give back more than is left of the payment',
    });
    // The tip and the bill part are each bounded: a tip refund never eats into the bill part.
    expect(refund(none, { amountCents: 0, tipCents: 601 }).ok).toBe(false);
    for (const r of [
      { amountCents: 0, tipCents: 0 },
      { amountCents: -1, tipCents: 0 },
      { amountCents: 0, tipCents: -5 },
      { amountCents: 1.5, tipCents: 0 },
    ]) {
      expect(refund(none, r)).toEqual({ ok: false, reason: 'A refund is a positive amount' });
    }
  });

  it('counts only captured money towards a bill', () => {
    expect(PAYMENT_STATES.filter(isCaptured)).toEqual([
      'captured',
      'partially_refunded',
      'refunded',
    ]);
  });
});
