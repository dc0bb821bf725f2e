import type { Currency } from '../common/constants.js';
import type { DualCents } from '../common/money.js';
import {
  addDualParts,
  type ChargeRates,
  type DualParts,
  dualLineAmounts,
  lineParts,
  mulDivRound,
  ZERO_DUAL_PARTS,
} from '../dining-sessions/charges.js';
import type { RefusalCode } from '../i18n/refusals.js';

/**
 * Discounts and comps: what staff take off an open bill, with a reason from the restaurant's list.
 *
 * - A discount is a percentage or an amount, on one line or on the whole bill; a comp is a line on
 *   the house (the whole of what is left of it).
 * - A bill discount covers the lines on the bill when it is given (an order placed afterwards is
 *   not discounted: the amount approved is the amount given). An amount on the bill is shared
 *   among its lines in proportion to what each still charges, whole cents by the largest
 *   remainder; a percentage is taken off each line and rounded per line.
 * - Discounts apply in turn: line discounts and comps first, then bill discounts, each in the
 *   order they were given, each on what the ones before it left. A later void takes the line's
 *   quantity away first and the discounts follow (a percentage shrinks with the line, an amount
 *   is capped by what is left, a comp is still the whole line).
 * - Money: a discount takes cents off a line at menu prices in the restaurant's currency; the
 *   line's tax and service charge are then the one bill rule's on what is left (`lineParts`), and
 *   in the other currency the discount is the same share of the line (`discountIn`). So the tax
 *   is on the discounted amount, the service charge on the discounted subtotal, and every bill,
 *   order, day and report still adds up from its lines to the cent.
 */
export const DISCOUNT_KINDS = ['percent', 'amount', 'comp'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_SCOPES = ['line', 'bill'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

/** Basis points in 100%. */
const WHOLE = 10_000;

/** What a discount asks for. `lineIds` are the lines it covers (one for a line discount). */
export interface DiscountAsk {
  id: string;
  scope: DiscountScope;
  kind: DiscountKind;
  /** Basis points (1–10,000), for a percentage. */
  percentBps: number | null;
  /** Cents in the restaurant's currency, for an amount. */
  amountCents: number | null;
  lineIds: readonly string[];
}

/** A line as a discount sees it: what it charges at menu prices, in the restaurant's currency. */
export interface DiscountableLine {
  id: string;
  /** unit × billed quantity (voided quantities left out). */
  cents: number;
}

/** What one discount takes off one line, in cents of the restaurant's currency. */
export interface DiscountAllocation {
  discountId: string;
  lineId: string;
  cents: number;
}

/**
 * Shares `amount` among `weights` in proportion, in whole units, by the largest remainder (ties:
 * the earlier weight): the shares add up to `amount` exactly, each at most its weight when the
 * amount is at most their sum.
 */
export function shareByLargestRemainder(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => {
    const product = BigInt(amount) * BigInt(w);
    return { floor: Number(product / BigInt(sum)), rest: Number(product % BigInt(sum)) };
  });
  let left = amount - exact.reduce((s, e) => s + e.floor, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e.rest }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  const shares = exact.map((e) => e.floor);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What each discount takes off each line it covers, in the order they apply (line discounts and
 * comps first, then bill discounts, each kind in the order given). Every line's discounts add up
 * to at most the line; a line no longer on the bill (not in `lines`) is skipped.
 */
export function allocateDiscounts(
  lines: readonly DiscountableLine[],
  discounts: readonly DiscountAsk[],
): DiscountAllocation[] {
  const left = new Map(lines.map((l) => [l.id, l.cents]));
  const out: DiscountAllocation[] = [];
  const ordered = [
    ...discounts.filter((d) => d.scope === 'line'),
    ...discounts.filter((d) => d.scope === 'bill'),
  ];
  for (const d of ordered) {
    const covered = d.lineIds.filter((id) => left.has(id));
    const remaining = covered.map((id) => left.get(id)!);
    let taken: number[];
    if (d.kind === 'comp') {
      taken = remaining;
    } else if (d.kind === 'percent') {
      const bps = Math.min(WHOLE, Math.max(0, d.percentBps ?? 0));
      taken = remaining.map((r) => mulDivRound(r, bps, WHOLE));
    } else {
      const total = remaining.reduce((s, r) => s + r, 0);
      taken = shareByLargestRemainder(Math.min(Math.max(0, d.amountCents ?? 0), total), remaining);
    }
    covered.forEach((lineId, i) => {
      const cents = taken[i]!;
      left.set(lineId, left.get(lineId)! - cents);
      out.push({ discountId: d.id, lineId, cents });
    });
  }
  return out;
}

/** A line of a bill, as the discounted bill prices it. */
export interface BilledLine {
  id: string;
  /** In the restaurant's currency, options included. */
  unitCents: number;
  /** What is still billed (voided quantities left out). */
  quantity: number;
  /** Its order's frozen tax and service charge. */
  rates: ChargeRates;
}

export interface DiscountedLine {
  gross: DualCents;
  discount: DualCents;
  charged: DualCents;
  parts: DualParts;
}

export interface DiscountEffect {
  /** What it took off the lines, at menu prices. */
  amount: DualCents;
  /** What it took off the bill: its net, service charge, tax and total (what the guest pays less). */
  parts: DualParts;
}

export interface DiscountedBill {
  lines: Map<string, DiscountedLine>;
  discounts: Map<string, DiscountEffect>;
  parts: DualParts;
}

const dualMinus = (a: DualCents, b: DualCents): DualCents => ({
  eur: a.eur - b.eur,
  usd: a.usd - b.usd,
});

const partsMinus = (a: DualParts, b: DualParts): DualParts => ({
  eur: {
    net: a.eur.net - b.eur.net,
    service: a.eur.service - b.eur.service,
    tax: a.eur.tax - b.eur.tax,
    total: a.eur.total - b.eur.total,
  },
  usd: {
    net: a.usd.net - b.usd.net,
    service: a.usd.service - b.usd.service,
    tax: a.usd.tax - b.usd.tax,
    total: a.usd.total - b.usd.total,
  },
});

/**
 * A bill with its discounts, in both currencies: each line after all its discounts, each
 * discount's own effect, and the bill's parts. A discount's effect on a line is the difference
 * its turn makes (the line priced by the bill rule before it and after it), so the effects of a
 * line's discounts add up exactly to what they all took off, and every discount's figures add up
 * to the bill's, in each currency, to the cent.
 */
export function discountedBill(
  lines: readonly BilledLine[],
  allocations: readonly DiscountAllocation[],
  base: Currency,
  eurToUsd: number,
): DiscountedBill {
  const byLine = new Map<string, DiscountAllocation[]>();
  for (const a of allocations) byLine.set(a.lineId, [...(byLine.get(a.lineId) ?? []), a]);
  const outLines = new Map<string, DiscountedLine>();
  const effects = new Map<string, DiscountEffect>();
  let parts = ZERO_DUAL_PARTS;
  for (const line of lines) {
    const priceAt = (discountCents: number) => {
      const amounts = dualLineAmounts(
        { unitCents: line.unitCents, quantity: line.quantity, discountCents },
        base,
        eurToUsd,
      );
      return {
        amounts,
        parts: {
          eur: lineParts(amounts.charged.eur, line.rates),
          usd: lineParts(amounts.charged.usd, line.rates),
        },
      };
    };
    let taken = 0;
    let before = priceAt(0);
    for (const a of byLine.get(line.id) ?? []) {
      taken += a.cents;
      const after = priceAt(taken);
      const seen = effects.get(a.discountId) ?? {
        amount: { eur: 0, usd: 0 },
        parts: ZERO_DUAL_PARTS,
      };
      effects.set(a.discountId, {
        amount: {
          eur: seen.amount.eur + after.amounts.discount.eur - before.amounts.discount.eur,
          usd: seen.amount.usd + after.amounts.discount.usd - before.amounts.discount.usd,
        },
        parts: addDualParts(seen.parts, partsMinus(before.parts, after.parts)),
      });
      before = after;
    }
    outLines.set(line.id, {
      gross: before.amounts.gross,
      discount: before.amounts.discount,
      charged: dualMinus(before.amounts.gross, before.amounts.discount),
      parts: before.parts,
    });
    parts = addDualParts(parts, before.parts);
  }
  // A discount whose lines are all gone (voided) still has an effect: none.
  for (const a of allocations) {
    if (!effects.has(a.discountId)) {
      effects.set(a.discountId, { amount: { eur: 0, usd: 0 }, parts: ZERO_DUAL_PARTS });
    }
  }
  return { lines: outLines, discounts: effects, parts };
}

/**
 * How far one member of staff may go with one discount, set by a manager: a percentage and an
 * amount (in the restaurant's currency), each null for no limit. Managers and admins have none.
 */
export interface DiscountLimit {
  maxPercentBps: number | null;
  maxAmountCents: number | null;
}

export const NO_DISCOUNT_LIMIT: DiscountLimit = { maxPercentBps: null, maxAmountCents: null };

/**
 * Why a discount is above the limit of the member of staff giving it, or null when it is within.
 * `cents` is what it takes off (at menu prices), `ofCents` what its lines charged before it. A
 * percentage is checked as asked, an amount as the share of what it is taken off; the amount cap
 * holds for every kind, comps included (a comp is never checked against the percentage: it is
 * the whole line, and needs its own permission).
 */
export function discountLimitRefusal(
  limit: DiscountLimit,
  ask: { kind: DiscountKind; percentBps: number | null; cents: number; ofCents: number },
  currency: Currency,
): { code: RefusalCode; params: Record<string, string> } | null {
  const { maxPercentBps, maxAmountCents } = limit;
  if (ask.kind !== 'comp' && maxPercentBps !== null) {
    const above =
      ask.kind === 'percent'
        ? (ask.percentBps ?? 0) > maxPercentBps
        : BigInt(ask.cents) * BigInt(WHOLE) > BigInt(maxPercentBps) * BigInt(ask.ofCents);
    if (above) {
      return { code: 'DISCOUNT_ABOVE_PERCENT_LIMIT', params: { max: String(maxPercentBps / 100) } };
    }
  }
  if (maxAmountCents !== null && ask.cents > maxAmountCents) {
    return {
      code: 'DISCOUNT_ABOVE_AMOUNT_LIMIT',
      params: { max: (maxAmountCents / 100).toFixed(2), currency: currency.toUpperCase() },
    };
  }
  return null;
}

/** What a discount is on the bill, in words: "10% off", "5.00 off", "On the house". */
export function discountLabel(d: {
  kind: DiscountKind;
  percent: number | null;
  scope: DiscountScope;
}): string {
  if (d.kind === 'comp') return 'On the house';
  const what = d.scope === 'bill' ? 'bill' : 'item';
  return d.kind === 'percent' ? `${d.percent ?? 0}% off the ${what}` : `Discount on the ${what}`;
}
