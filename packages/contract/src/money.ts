import type { Currency } from './constants.js';

/** Money is integer minor units (cents). Conversion rounds half away from zero to the cent. */
export function convertCents(cents: number, rate: number): number {
  const value = cents * rate;
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * The price of `cents` (in the restaurant's base currency) in `target`, given the restaurant's
 * exchange rate expressed as "1 EUR = rate USD".
 */
export function priceIn(cents: number, base: Currency, target: Currency, eurToUsd: number): number {
  if (base === target) return cents;
  return base === 'eur' ? convertCents(cents, eurToUsd) : convertCents(cents, 1 / eurToUsd);
}

export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** A decimal amount (as typed by a person, e.g. 12.5) to cents; null when it is not a finite number. */
export function amountToCents(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  return Math.round(amount * 100);
}
