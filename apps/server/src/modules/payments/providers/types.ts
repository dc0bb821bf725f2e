import type { Currency, PaymentMethod, PaymentProviderId } from '@tavola/contract';
import type { Config } from '../../../config.js';
import type { DbOrTx } from '../../../core/db/client.js';

/** The money a provider is asked to move, in cents of the payment's currency. */
export interface ProviderAmount {
  amountCents: number;
  tipCents: number;
  currency: Currency;
}

/** A provider's answer to one step: done (with its reference for the payment, if it has one), or refused. */
export type ProviderResult = { ok: true; reference: string | null } | { ok: false; reason: string };

/** What a provider read from a callback whose signature it verified. */
export interface ProviderCallback {
  /** The provider's reference of the payment the callback is about. */
  reference: string;
  /** The step the provider reports: the state machine decides whether the payment may take it. */
  step: 'authorize' | 'capture' | 'fail';
  /**
   * The provider took the money already (a capture it made by itself, as Stripe's PaymentIntents
   * do): when the bill can no longer take it, it is given back through the provider rather than
   * refused and left for staff.
   */
  tookMoney?: boolean;
  /**
   * The provider delivers its notifications in no particular order (Stripe's): a step the payment
   * is already past (a failure after the capture) is answered as received, not refused.
   */
  unordered?: boolean;
  /** What the provider says it took, in cents, bill part and tip together (checked when given). */
  totalCents?: number;
}

/** What a provider may need to reach the restaurant's own account: its keys are in the database. */
export interface ProviderContext {
  /** Inside a unit of work, its transaction (the one connection an embedded database has). */
  db: DbOrTx;
  config: Config;
}

/** A refund asked of a provider, for one restaurant's payment. */
export interface ProviderRefund extends ProviderAmount {
  restaurantId: string;
  /** The same for a retry of the same refund, so the provider never gives back twice. */
  idempotencyKey: string;
}

/** An inbound callback exactly as it arrived: the raw bytes a signature is computed over. */
export interface RawCallback {
  body: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * Who moves the money of a payment. The server keeps the payment's state and asks the provider
 * for each step; the contract's state machine decides which steps a payment may take.
 *
 * A provider that talks to the outside (a card acquirer) must not be called inside a unit of
 * work that holds the bill's locks: it authorizes before the unit and reports the capture by a
 * callback. The manual provider moves nothing itself (the waiter already holds the money), so
 * its steps answer at once and run inside the payment's transaction.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  authorize(payment: ProviderAmount & { method: PaymentMethod }): Promise<ProviderResult>;
  capture(reference: string | null, payment: ProviderAmount): Promise<ProviderResult>;
  refund(
    reference: string | null,
    refund: ProviderRefund,
    ctx: ProviderContext,
  ): Promise<ProviderResult>;
  /**
   * Checks an inbound callback over its raw bytes and reads it, or throws an AppError (a provider
   * that takes no callbacks refuses them all). Null: verified, and about nothing a payment does
   * (the provider's other notifications), answered as received.
   */
  verifyCallback(
    callback: RawCallback,
    ctx: ProviderContext,
  ): ProviderCallback | null | Promise<ProviderCallback | null>;
}
