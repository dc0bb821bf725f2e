// Types only: the guest page's first load imports this, and the rules load with the chooser.
import type { OptionPick } from '@tavola/contract';

/**
 * A line's picks as screens keep them (a cart, the order screen's pending lines) and send them
 * (`options` of an order line): `{ optionId, quantity?, preModifier? }`, at most one per option.
 */
export type Picks = OptionPick[];

/** The picks in one order (by option id), each quantity and pre-modifier spelled out. */
function canonical(picks: readonly OptionPick[]): string {
  return JSON.stringify(
    picks
      .map((p) => [p.optionId, p.quantity ?? 1, p.preModifier ?? null] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  );
}

/** Whether two lines of one item carry the same options (then they are one line). */
export function samePicks(a: readonly OptionPick[], b: readonly OptionPick[]): boolean {
  return canonical(a) === canonical(b);
}

/** Whether a stored value is a list of picks (a cart read back from the device). */
export function isPicks(value: unknown): value is Picks {
  return (
    Array.isArray(value) &&
    value.every((p: unknown) => {
      if (typeof p !== 'object' || p === null) return false;
      const { optionId, quantity, preModifier } = p as Record<string, unknown>;
      return (
        typeof optionId === 'string' &&
        optionId.length > 0 &&
        (quantity === undefined ||
          (Number.isInteger(quantity) &&
            (quantity as number) >= 1 &&
            (quantity as number) <= 10)) &&
        // A pre-modifier the item does not offer fails the rules when the line is priced.
        (preModifier === undefined || preModifier === null || typeof preModifier === 'string')
      );
    })
  );
}
