// Without zod: the guest page checks and prices a line's options with it (its script budget).
import type { Currency } from '../common/constants.js';
import { type DualCents, dualLine, type RestaurantMoney } from '../common/money.js';
import { priceLine } from '../dining-sessions/charges.js';
import type { PublicOptionGroup } from './options.js';
import type { Allergen } from './allergen-rules.js';

/**
 * Option groups: the choices a menu item offers ("Cooking", "Extras", "Remove", "Size").
 *
 * A manager defines a group once and attaches it to any number of items, in an order of its own
 * per item. A group says how many of its options a guest picks (`min` to `max`; required when
 * `min` ≥ 1), whether one option may be picked more than once (`allowRepeat`, at most
 * `maxPerOption` times each), which options start picked (`default`), and, for a group of an
 * item's ingredients, the pre-modifiers a pick carries (No, Light, Extra, On the side).
 *
 * An option changes the item's unit price by `priceCents` (zero, positive, or negative for a
 * substitution), in minor units of the currency of the item it is attached to (the restaurant's,
 * unless the item has a currency of its own). In a group with pre-modifiers, only "Extra" is
 * priced (`extraPriceCents`); No, Light and On the side change nothing.
 *
 * The rules are checked here (`checkOptionSelection`), by the server for every order line and by
 * any client that wants to say why Add is disabled: the same function, the same answer.
 */

/** What a pick in an ingredient group says about the ingredient. */
export const PRE_MODIFIERS = ['no', 'light', 'extra', 'side'] as const;

export type PreModifier = (typeof PRE_MODIFIERS)[number];

/** The pre-modifiers as screens and tickets name them. */
export const PRE_MODIFIER_LABELS: Record<PreModifier, string> = {
  no: 'No',
  light: 'Light',
  extra: 'Extra',
  side: 'On the side',
};

/** Limits of a group: options in it, picks of it, times one option is picked. */
export const OPTION_GROUP_MAX_OPTIONS = 50;
export const OPTION_GROUP_MAX_PICKS = 50;
export const OPTION_MAX_PER_OPTION = 10;
/** The most groups one item carries. */
export const ITEM_MAX_OPTION_GROUPS = 20;
/** The largest price change of one option, either way: 1,000.00. */
export const OPTION_PRICE_MAX_CENTS = 100_000;

// --- The rules as the validator reads them -------------------------------------------------

/** One option of a group, in the group's order. */
export interface OptionRule {
  id: string;
  name: string;
  /** The change to the item's unit price when picked (plainly), in the item's currency. */
  priceCents: number;
  /** The change when picked with "Extra" (groups with pre-modifiers). */
  extraPriceCents: number;
  available: boolean;
  /** Picked until the guest says otherwise (once, without pre-modifier). */
  isDefault: boolean;
  /** The EU-14 allergen codes picking it adds, and its traces (none when left out). */
  allergens?: readonly Allergen[];
  traces?: readonly Allergen[];
}

/** A group attached to an item, in the item's order of groups. */
export interface OptionGroupRule {
  id: string;
  name: string;
  min: number;
  max: number;
  allowRepeat: boolean;
  /** How many times one option may be picked (1 unless `allowRepeat`). */
  maxPerOption: number;
  /** The pre-modifiers its picks carry; empty for an ordinary group. */
  preModifiers: readonly PreModifier[];
  options: readonly OptionRule[];
}

/** One pick on an order line: an option, how many times, and its pre-modifier. */
export interface OptionPick {
  optionId: string;
  quantity?: number | undefined;
  preModifier?: PreModifier | null | undefined;
}

/** What a line keeps of one pick (the line snapshot's `options`). */
export interface PickedOption {
  groupId: string;
  group: string;
  optionId: string;
  option: string;
  quantity: number;
  preModifier: PreModifier | null;
  /** What the pick adds to one item, its quantity included (negative when it lowers it). */
  priceCents: number;
}

/**
 * Why a selection breaks the rules: the code the server refuses it with (a refusal of the
 * catalog) and the values its message names; `group` is always the group's name when there is one.
 */
export type OptionProblem =
  | { code: 'OPTION_UNKNOWN'; params: { item: string; id: string } }
  | { code: 'OPTION_UNAVAILABLE'; params: { group: string; option: string } }
  | { code: 'OPTION_PICKED_TWICE'; params: { group: string; option: string } }
  | { code: 'OPTION_ABOVE_MAX_PER_OPTION'; params: { group: string; option: string; max: number } }
  | { code: 'OPTION_GROUP_BELOW_MIN'; params: { group: string; min: number } }
  | { code: 'OPTION_GROUP_ABOVE_MAX'; params: { group: string; max: number } }
  | { code: 'OPTION_PRE_MODIFIER_REQUIRED'; params: { group: string; option: string } }
  | { code: 'OPTION_PRE_MODIFIER_NOT_OFFERED'; params: { group: string; option: string } };

export type OptionCheck =
  { ok: true; options: PickedOption[] } | { ok: false; problem: OptionProblem };

/** What one pick of `option` with `preModifier` adds to one item, once. */
export function optionPriceCents(option: OptionRule, preModifier: PreModifier | null): number {
  if (preModifier === null) return option.priceCents;
  return preModifier === 'extra' ? option.extraPriceCents : 0;
}

/** The picks a chooser starts with: each group's default options, once, without pre-modifier. */
export function defaultOptionPicks(groups: readonly OptionGroupRule[]): OptionPick[] {
  return groups.flatMap((g) =>
    g.preModifiers.length > 0
      ? []
      : g.options.filter((o) => o.isDefault).map((o) => ({ optionId: o.id, quantity: 1 })),
  );
}

/**
 * Checks the picks for one line of `itemName` against its groups (in the item's order), and
 * answers what the line keeps: the picks in the order of the groups and of their options, each
 * priced. The first broken rule is the answer otherwise, in this order: an option the item does
 * not offer, an unavailable one, one picked twice on the line, a pre-modifier missing or not
 * offered, more than `maxPerOption` (1 unless `allowRepeat`), then per group (in order) fewer
 * than `min` or more than `max` picks (a pick of quantity 3 counts 3).
 */
export function checkOptionSelection(
  itemName: string,
  groups: readonly OptionGroupRule[],
  picks: readonly OptionPick[],
): OptionCheck {
  const where = new Map<string, { group: OptionGroupRule; option: OptionRule; index: number }>();
  let index = 0;
  for (const group of groups) {
    for (const option of group.options) where.set(option.id, { group, option, index: index++ });
  }
  const seen = new Set<string>();
  const counted = new Map<string, number>();
  const chosen: { index: number; picked: PickedOption }[] = [];
  for (const pick of picks) {
    const found = where.get(pick.optionId);
    if (!found) return fail('OPTION_UNKNOWN', { item: itemName, id: pick.optionId });
    const { group, option } = found;
    const names = { group: group.name, option: option.name };
    if (!option.available) return fail('OPTION_UNAVAILABLE', names);
    if (seen.has(option.id)) return fail('OPTION_PICKED_TWICE', names);
    seen.add(option.id);
    const preModifier = pick.preModifier ?? null;
    if (group.preModifiers.length > 0 && preModifier === null) {
      return fail('OPTION_PRE_MODIFIER_REQUIRED', names);
    }
    if (preModifier !== null && !group.preModifiers.includes(preModifier)) {
      return fail('OPTION_PRE_MODIFIER_NOT_OFFERED', names);
    }
    const quantity = pick.quantity ?? 1;
    const perOption = group.allowRepeat ? group.maxPerOption : 1;
    if (quantity > perOption) {
      return fail('OPTION_ABOVE_MAX_PER_OPTION', { ...names, max: perOption });
    }
    counted.set(group.id, (counted.get(group.id) ?? 0) + quantity);
    chosen.push({
      index: found.index,
      picked: {
        groupId: group.id,
        group: group.name,
        optionId: option.id,
        option: option.name,
        quantity,
        preModifier,
        priceCents: optionPriceCents(option, preModifier) * quantity,
      },
    });
  }
  for (const group of groups) {
    const n = counted.get(group.id) ?? 0;
    if (n < group.min) return fail('OPTION_GROUP_BELOW_MIN', { group: group.name, min: group.min });
    if (n > group.max) return fail('OPTION_GROUP_ABOVE_MAX', { group: group.name, max: group.max });
  }
  return { ok: true, options: chosen.sort((a, b) => a.index - b.index).map((c) => c.picked) };
}

function fail<C extends OptionProblem['code']>(
  code: C,
  params: Extract<OptionProblem, { code: C }>['params'],
): OptionCheck {
  return { ok: false, problem: { code, params } as OptionProblem };
}

// --- The guest's and the order screen's view -------------------------------------------------

/** The rules of a public (or order-entry) group, as `checkOptionSelection` reads them. */
export function optionGroupRule(group: PublicOptionGroup): OptionGroupRule {
  return {
    id: group.id,
    name: group.name,
    min: group.min,
    max: group.max,
    allowRepeat: group.allowRepeat,
    maxPerOption: group.maxPerOption,
    preModifiers: group.preModifiers,
    options: group.options.map((o) => ({
      id: o.id,
      name: o.name,
      priceCents: o.priceCents,
      extraPriceCents: o.extraPriceCents,
      available: o.available,
      isDefault: o.default,
    })),
  };
}

/**
 * The unit price of an item with its picks, in both currencies, exactly as the bill will charge
 * it (`priceLine` in the restaurant's currency, then `dualLine`'s rule); null while the picks
 * break a rule (`check` says which). What a chooser shows as its running price.
 */
export function pickedUnitPrice(
  item: { name: string; pricing: { priceCents: number; currency: Currency } },
  groups: readonly PublicOptionGroup[],
  picks: readonly OptionPick[],
  restaurant: RestaurantMoney,
): { check: OptionCheck; unit: DualCents | null } {
  const check = checkOptionSelection(item.name, groups.map(optionGroupRule), picks);
  if (!check.ok) return { check, unit: null };
  const base = priceLine(item.pricing, check.options, restaurant.currency, restaurant.exchangeRate);
  return { check, unit: dualLine(base, 1, restaurant.currency, restaurant.exchangeRate) };
}
