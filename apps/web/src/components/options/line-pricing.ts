import {
  centsToAmount,
  defaultOptionPicks,
  optionGroupRule,
  lineLabel,
  optionLines,
  pickedUnitPrice,
  type OptionPick,
  type PublicOptionGroup,
  type RestaurantMoney,
} from '@tavola/contract';

/**
 * A line of an item with options as a cart prices and prints it: its unit in both currencies by
 * the bill's rule (`pickedUnitPrice`: the item with its extras, converted and rounded; the line is
 * then unit × quantity), its options as tickets print them ("Extras: Cheese"), and its name with
 * them. Null when its picks no longer hold (an option gone or 86'd since). Loaded by the guest
 * page once its cart holds such a line: not part of /order's first load.
 */
export function priceOptionLine(
  item: {
    name: string;
    optionGroups: readonly PublicOptionGroup[];
    pricing: { priceCents: number; currency: 'eur' | 'usd' };
  },
  picks: readonly OptionPick[] | undefined,
  restaurant: RestaurantMoney,
): { unit: { eur: number; usd: number }; options: string[]; label: string } | null {
  const { check, unit } = pickedUnitPrice(
    item,
    item.optionGroups,
    linePicks(item.optionGroups, picks),
    restaurant,
  );
  if (!check.ok || !unit) return null;
  return {
    unit: { eur: centsToAmount(unit.eur), usd: centsToAmount(unit.usd) },
    options: optionLines(check.options),
    label: lineLabel({ name: item.name, options: check.options }),
  };
}

/** What a line of an item sends and prices: its own picks, else the item's default picks. */
export function linePicks(
  groups: readonly PublicOptionGroup[],
  picks: readonly OptionPick[] | undefined,
): OptionPick[] {
  return picks ? [...picks] : defaultOptionPicks(groups.map(optionGroupRule));
}
