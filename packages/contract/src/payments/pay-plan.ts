import { type BillParts, sumParts, ZERO_PARTS } from '../dining-sessions/charges.js';
import {
  allocateProportionally,
  nextEqualPart,
  nextPieces,
  partsBetween,
  splitEvenly,
} from './allocation.js';

/**
 * How a guest (or a waiter) pays part of a bill: the split they chose, laid on the bill's lines
 * by the allocation rules (`allocation.ts`). Pure, so the guest's page previews exactly what the
 * server will take, and the server decides it again under the bill's lock.
 */
export type PaySplit =
  | { kind: 'all' }
  | { kind: 'items'; lines: readonly { lineId: string; quantity: number }[] }
  | { kind: 'share'; lineId: string; shares: number }
  | { kind: 'equal'; parts: number }
  | { kind: 'amount'; amountCents: number };

/** A bill's line as a payment sees it, in the bill's currency's cents. */
export interface PayableLine {
  id: string;
  /** Units still billed (ordered less voided). */
  quantity: number;
  /** The whole line's parts (after its discounts, with its tax and service charge). */
  parts: BillParts;
  /** What payments already laid on it. */
  paidCents: number;
}

/** One line's part of a payment: the stretch from `from` to `from + cents`, and its parts. */
export interface PlannedLine {
  lineId: string;
  cents: number;
  parts: BillParts;
}

export type PayPlan =
  | { ok: true; amountCents: number; parts: BillParts; lines: PlannedLine[] }
  | {
      ok: false;
      /** `paid`: a chosen line (or the units asked of it) is paid already; `above`: more than remains; `nothing`: nothing remains; `unknown`: no such line. */
      reason: 'paid' | 'above' | 'nothing' | 'unknown';
    };

/** What a line still owes (never below zero: a line voided after it was paid owes nothing). */
export const lineRemaining = (l: PayableLine) => Math.max(0, l.parts.total - l.paidCents);

/** Units of a line fully paid: the unit boundaries (`splitEvenly`) its paid stretch has passed. */
export function paidUnits(l: PayableLine): number {
  if (l.quantity === 0) return 0;
  let end = 0;
  let units = 0;
  for (const piece of splitEvenly(l.parts.total, l.quantity)) {
    end += piece;
    if (end > l.paidCents) break;
    units += 1;
  }
  return units;
}

/**
 * The payment a split asks for now. `equalPartsPaid` is how many parts of an equal split into
 * `parts` were paid already (the next part carries what remains over the parts still to pay).
 */
export function planPayment(
  lines: readonly PayableLine[],
  split: PaySplit,
  equalPartsPaid = 0,
): PayPlan {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const owed = lines.reduce((s, l) => s + lineRemaining(l), 0);
  if (owed === 0) return { ok: false, reason: 'nothing' };
  const take = new Map<string, number>();

  switch (split.kind) {
    case 'all':
      for (const l of lines) take.set(l.id, lineRemaining(l));
      break;
    case 'items':
      for (const ask of split.lines) {
        const l = byId.get(ask.lineId);
        if (!l) return { ok: false, reason: 'unknown' };
        if (take.has(l.id)) return { ok: false, reason: 'unknown' };
        if (lineRemaining(l) === 0 || ask.quantity > l.quantity - paidUnits(l)) {
          return { ok: false, reason: 'paid' };
        }
        take.set(l.id, nextPieces(l.parts.total, l.quantity, ask.quantity, l.paidCents));
      }
      break;
    case 'share': {
      const l = byId.get(split.lineId);
      if (!l) return { ok: false, reason: 'unknown' };
      if (lineRemaining(l) === 0) return { ok: false, reason: 'paid' };
      take.set(l.id, nextPieces(l.parts.total, split.shares, 1, l.paidCents));
      break;
    }
    case 'equal':
    case 'amount': {
      const amount =
        split.kind === 'equal'
          ? nextEqualPart(owed, split.parts, equalPartsPaid) || owed
          : split.amountCents;
      if (amount > owed) return { ok: false, reason: 'above' };
      const shares = allocateProportionally(amount, lines.map(lineRemaining));
      lines.forEach((l, i) => take.set(l.id, shares[i]!));
      break;
    }
  }

  const planned: PlannedLine[] = [];
  for (const l of lines) {
    const cents = take.get(l.id) ?? 0;
    if (cents <= 0) continue;
    planned.push({
      lineId: l.id,
      cents,
      parts: partsBetween(l.parts, l.paidCents, l.paidCents + cents),
    });
  }
  const parts = planned.length ? sumParts(planned.map((p) => p.parts)) : ZERO_PARTS;
  if (parts.total === 0) return { ok: false, reason: 'paid' };
  return { ok: true, amountCents: parts.total, parts, lines: planned };
}
