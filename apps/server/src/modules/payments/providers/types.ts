import type { Currency, PaymentMethod, PaymentProviderId } from '@tavola/contract';

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
  refund(reference: string | null, refund: ProviderAmount): Promise<ProviderResult>;
  /**
   * Checks an inbound callback over its raw bytes and reads it, or throws an AppError (a provider
   * that takes no callbacks refuses them all).
   */
  verifyCallback(callback: RawCallback): ProviderCallback;
}
