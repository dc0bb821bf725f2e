import { type BillParts, mulDivRound } from '../dining-sessions/charges.js';

/** A bill's parts at one tax rate (the sum of its lines' parts at that rate). */
export interface RateParts extends BillParts {
  taxRateBps: number;
}

/**
 * What a refund gives back of each part of the bill it is taken from: net, service charge and tax
 * at each of the bill's tax rates, so the books take back tax the way the sale charged it.
 *
 * The rule (one, used by the Z report, the journal and every test): a refund is a share of what
 * is left of its bill, the bill's parts less what the bill's earlier refunds gave back (each
 * split by this same rule, in the order they were given). The parts left are laid end to end
 * (by tax rate, lowest first; in each, net, service, tax) and the refund takes the same share of
 * each: part k gets round(C(k) × refund / left) − round(C(k−1) × refund / left), where C(k) is the
 * sum of the parts left up to k, rounded half away from zero (`mulDivRound`, as `lineParts`
 * rounds). So:
 * - the refund's parts add up to the refund exactly, and each part is between zero and what is
 *   left of it (a refund never gives back tax that was not charged, or a negative part);
 * - a bill refunded in full, at once or in any number of refunds, gives back exactly its parts;
 * - every larger figure (a day's refunds, a rate's) is a sum of refunds' parts, never rounded again.
 *
 * `bill`: its parts by rate (voided orders left out), as the Z report's rows; `earlier`: the bill
 * parts (cents, tips apart) of its refunds given before this one, in order; `refundCents`: this
 * refund's bill part. Tips are no part of a bill: they are given back apart.
 */
export function refundParts(
  bill: readonly RateParts[],
  earlier: readonly number[],
  refundCents: number,
): RateParts[] {
  let left = [...bill].sort((a, b) => a.taxRateBps - b.taxRateBps).map((r) => ({ ...r }));
  for (const cents of earlier) left = subtract(left, share(left, cents));
  return share(left, refundCents);
}

/** The parts `cents` takes of `left` by the cumulative rule above. */
function share(left: readonly RateParts[], cents: number): RateParts[] {
  const leftCents = left.reduce((sum, r) => sum + r.net + r.service + r.tax, 0);
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > leftCents) {
    throw new Error(
      `a refund of ${cents} cents cannot be split: ${leftCents} cents are left of its bill`,
    );
  }
  let before = 0;
  let taken = 0;
  const take = (part: number) => {
    before += part;
    const upTo = leftCents === 0 ? 0 : mulDivRound(before, cents, leftCents);
    const mine = upTo - taken;
    taken = upTo;
    return mine;
  };
  return left.map((r) => {
    const net = take(r.net);
    const service = take(r.service);
    const tax = take(r.tax);
    return { taxRateBps: r.taxRateBps, net, service, tax, total: net + service + tax };
  });
}

function subtract(a: readonly RateParts[], b: readonly RateParts[]): RateParts[] {
  return a.map((r, i) => {
    const g = b[i]!;
    return {
      taxRateBps: r.taxRateBps,
      net: r.net - g.net,
      service: r.service - g.service,
      tax: r.tax - g.tax,
      total: r.total - g.total,
    };
  });
}
