import { type BillParts, mulDivRound } from '../dining-sessions/charges.js';

/**
 * How a payment's money is laid on a bill's lines, in one currency's cents (the bill's lines in
 * either currency follow the bill's own rule; these rules never convert). Pure and exact: every
 * split sums to what it splits, every remainder cent goes to a piece decided by position alone,
 * and a line is never paid past its total.
 *
 * A line is read as a run of cents from 0 to its total; what was paid of it is a prefix. A line
 * cut into pieces (its units, or N shares of it) has its boundaries fixed by `splitEvenly`, so two
 * guests paying "one share" each pay the pieces in turn, and the pieces of all payments add up to
 * the line exactly. Tax and service charge of a paid stretch are the difference of the line's
 * parts at its two ends (`partsBetween`): the stretches of a line always add up to its parts.
 */

/** `total` in `parts` pieces that add up to it exactly: the first `total mod parts` get the extra cent. */
export function splitEvenly(total: number, parts: number): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError('total must be whole cents ≥ 0');
  if (!Number.isInteger(parts) || parts < 1)
    throw new RangeError('parts must be a whole number ≥ 1');
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/** The boundaries of `splitEvenly(total, parts)`: 0, the running sums, and `total`. */
function boundaries(total: number, parts: number): number[] {
  const out = [0];
  for (const piece of splitEvenly(total, parts)) out.push(out.at(-1)! + piece);
  return out;
}

/**
 * What the next `count` of a line's `parts` pieces cost when `paid` of its `total` is paid: from
 * `paid` up to the boundary `count` pieces further on (a piece already paid in part counts as
 * one). Never more than what remains.
 */
export function nextPieces(total: number, parts: number, count: number, paid: number): number {
  if (paid >= total) return 0;
  const b = boundaries(total, parts);
  let k = 0;
  while (k + 1 < b.length && b[k + 1]! <= paid) k++;
  const end = b[Math.min(parts, k + count)]!;
  return Math.max(0, end - paid);
}

/**
 * `amount` laid over lines in proportion to what each still owes (`remaining`), by the largest
 * remainder: the shares add up to `amount` exactly, none is above its line's remaining, and ties
 * go to the earlier line. `amount` above the sum of `remaining` is refused.
 */
export function allocateProportionally(amount: number, remaining: readonly number[]): number[] {
  const owed = remaining.reduce((s, r) => s + r, 0);
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError('amount must be whole cents ≥ 0');
  if (amount > owed) throw new RangeError('amount is more than the lines owe');
  if (owed === 0) return remaining.map(() => 0);
  const exact = remaining.map((r) => {
    const product = BigInt(amount) * BigInt(r);
    return { floor: Number(product / BigInt(owed)), rest: product % BigInt(owed) };
  });
  let left = amount - exact.reduce((s, e) => s + e.floor, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e.rest }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const shares = exact.map((e) => e.floor);
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i]! < remaining[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/**
 * An equal split of what remains among `parts` people, paid one part at a time: the next part is
 * what remains over the parts still to pay, rounded up, so the first payers carry the remainder
 * cents and the last part is exactly what is left. `paidParts` of the split are paid already.
 */
export function nextEqualPart(remaining: number, parts: number, paidParts: number): number {
  const left = parts - paidParts;
  if (left <= 0 || remaining <= 0) return 0;
  return Math.ceil(remaining / left);
}

/**
 * The parts (net, service charge, tax) of the stretch of a line from `from` to `to` cents, where
 * `line` is the whole line's parts: each part at a point is that part × point ÷ total, rounded,
 * and a stretch has the difference, so the stretches of one line add up to its parts exactly
 * whatever the payments were.
 */
export function partsBetween(line: BillParts, from: number, to: number): BillParts {
  if (from < 0 || to < from || to > line.total) throw new RangeError('stretch outside the line');
  const at = (x: number, part: number) => (line.total === 0 ? 0 : mulDivRound(part, x, line.total));
  const tax = at(to, line.tax) - at(from, line.tax);
  const service = at(to, line.service) - at(from, line.service);
  const total = to - from;
  return { net: total - tax - service, service, tax, total };
}

/**
 * A tip on the goods, not on the tax: `percentBps` of the paid amount less its tax (a tip is
 * thanks for the food and the service, and tax is the state's; the service charge, where a bill
 * has one, is part of the goods). Rounded half away from zero to the cent.
 */
export function tipOnGoods(paid: BillParts, percentBps: number): number {
  if (!Number.isInteger(percentBps) || percentBps < 0) throw new RangeError('percent must be ≥ 0');
  return mulDivRound(paid.total - paid.tax, percentBps, 10_000);
}
