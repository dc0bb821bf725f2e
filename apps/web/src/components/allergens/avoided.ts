import { ALLERGENS, type Allergen } from '@tavola/contract';

/** The allergens a guest hides, remembered on this device (not per table: the guest's own). */
const KEY = 'tavola.hideAllergens';

export function loadAvoided(): Allergen[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return ALLERGENS.filter((a) => stored.includes(a));
  } catch {
    return [];
  }
}

export function saveAvoided(list: readonly Allergen[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Private browsing without storage: the filter lasts for this page only.
  }
}

/** The allergens of `avoid` a dish contains (what hides it). */
export const avoidedIn = (contains: readonly Allergen[], avoid: readonly Allergen[]) =>
  contains.filter((a) => avoid.includes(a));
