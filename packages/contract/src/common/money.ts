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

/** An amount in cents in both currencies. */
export interface DualCents {
  eur: number;
  usd: number;
}

/**
 * The one rule for a bill in two currencies: convert the unit price and round it to the cent,
 * then multiply by the quantity. A line in either currency is always unit × quantity, and every
 * total is the sum of its lines (never a conversion of the base total, which can differ by
 * cents).
 */
export function dualLine(
  unitCents: number,
  quantity: number,
  base: Currency,
  eurToUsd: number,
): DualCents {
  return {
    eur: priceIn(unitCents, base, 'eur', eurToUsd) * quantity,
    usd: priceIn(unitCents, base, 'usd', eurToUsd) * quantity,
  };
}

export function sumDual(parts: readonly DualCents[]): DualCents {
  return parts.reduce((sum, p) => ({ eur: sum.eur + p.eur, usd: sum.usd + p.usd }), {
    eur: 0,
    usd: 0,
  });
}

/**
 * A menu item's unit price in the restaurant's (base) currency: what its bill lines charge. An
 * item may be priced in the other currency; it is converted once, here, and rounded to the cent.
 */
export function billUnitCents(
  priceCents: number,
  itemCurrency: Currency,
  base: Currency,
  eurToUsd: number,
): number {
  return priceIn(priceCents, itemCurrency, base, eurToUsd);
}

/**
 * A menu item's unit price in both currencies, exactly as its bill lines will show it: the base
 * unit of `billUnitCents`, then `dualLine`'s rule. The menu, the cart and the bill agree to the
 * cent (an item priced USD 10.06 in a EUR restaurant at 1.08 bills 9.31 EUR, that is 10.05 USD).
 */
export function dualUnit(
  priceCents: number,
  itemCurrency: Currency,
  base: Currency,
  eurToUsd: number,
): DualCents {
  return dualLine(billUnitCents(priceCents, itemCurrency, base, eurToUsd), 1, base, eurToUsd);
}

/** Cents to amounts (12.5 for 1250), in both currencies. */
export function dualAmount(cents: DualCents): { eur: number; usd: number } {
  return { eur: centsToAmount(cents.eur), usd: centsToAmount(cents.usd) };
}

/** What a restaurant's prices need: its currency and the rate to its second one. */
export interface RestaurantMoney {
  currency: Currency;
  exchangeRate: number;
}

/**
 * A unit price in both currencies by the bill's one rule (`dualUnit`); `from` is the currency the
 * price is set in (a menu item's own), the restaurant's by default.
 */
export function dualPrice(cents: number, r: RestaurantMoney, from: Currency = r.currency) {
  return dualAmount(dualUnit(cents, from, r.currency, r.exchangeRate));
}
