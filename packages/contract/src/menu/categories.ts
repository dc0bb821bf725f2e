export const STATIONS = ['kitchen', 'bar'] as const;

export type Station = (typeof STATIONS)[number];

export const MENU_PAGE_SIZE = 500;

// Here, not beside the public schemas: the guest page imports it, and this module has no zod.
const CATEGORY_LABELS = new Map([
  ['food', 'Food'],
  ['drinks', 'Drinks'],
  ['specials', 'Specials'],
]);

/**
 * A category key as the guest page labels its tab (spec §2: Food, Drinks, Specials; any other
 * category capitalised). A Map, since the key is the manager's own word (`constructor`, `__proto__`).
 */
export function categoryLabel(key: string): string {
  return CATEGORY_LABELS.get(key) ?? key.charAt(0).toUpperCase() + key.slice(1);
}
