// Without zod: the guest page and the staff screens print a line's options with it.
import { PRE_MODIFIER_LABELS, type PreModifier } from '../menu/option-rules.js';

/** What `lineLabel` and `optionLabel` read of a chosen option. */
type LabelledOption = { group: string; option: string } & {
  quantity?: number;
  preModifier?: PreModifier | null;
};

/**
 * One chosen option as tickets, receipts and exports print it: its pre-modifier in capitals
 * ("NO Onion", "ON THE SIDE Dressing") and how many times when more than once ("2× Cheese").
 */
export function optionLabel(o: LabelledOption): string {
  const times = (o.quantity ?? 1) > 1 ? `${o.quantity}× ` : '';
  const pre = o.preModifier ? `${PRE_MODIFIER_LABELS[o.preModifier].toUpperCase()} ` : '';
  return `${pre}${times}${o.option}`;
}

/**
 * A line's options by group, in order: "Cooking: Medium", "Extras: Bacon, 2× Cheese",
 * "Remove: NO Onion". What tickets and receipts print under the line.
 */
export function optionLines(options: readonly LabelledOption[]): string[] {
  const groups: { group: string; picks: string[] }[] = [];
  for (const o of options) {
    const last = groups.at(-1);
    if (last && last.group === o.group) last.picks.push(optionLabel(o));
    else groups.push({ group: o.group, picks: [optionLabel(o)] });
  }
  return groups.map((g) => `${g.group}: ${g.picks.join(', ')}`);
}

/**
 * How a line is named where it is counted with others (a receipt, a report): the item's name,
 * with its options after it when it has any ("Latte (Milk: Oat)", "Burger (Cooking: Medium;
 * Remove: NO Onion)").
 */
export function lineLabel(line: { name: string; options: readonly LabelledOption[] }): string {
  if (line.options.length === 0) return line.name;
  return `${line.name} (${optionLines(line.options).join('; ')})`;
}
