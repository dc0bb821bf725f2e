// Without zod: the guest page reads the labels and checks a line's allergens with it.

/**
 * The 14 allergens a restaurant in the EU must declare (Regulation 1169/2011, Annex II), as a
 * closed list of codes, in the Annex's order. `nuts` are tree nuts; `gluten` is the cereals
 * containing gluten.
 */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;

export type Allergen = (typeof ALLERGENS)[number];

/** The allergens' names as guests and staff read them (English; beside an icon, never alone). */
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: 'Gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  peanuts: 'Peanuts',
  soybeans: 'Soy',
  milk: 'Milk',
  nuts: 'Nuts',
  celery: 'Celery',
  mustard: 'Mustard',
  sesame: 'Sesame',
  sulphites: 'Sulphites',
  lupin: 'Lupin',
  molluscs: 'Molluscs',
};

/** Diets a dish can suit. `gluten_free` also follows from the allergens (`itemDiets`). */
export const DIETS = ['vegetarian', 'vegan', 'gluten_free', 'halal', 'kosher'] as const;

export type Diet = (typeof DIETS)[number];

export const DIET_LABELS: Record<Diet, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  gluten_free: 'Gluten-free',
  halal: 'Halal',
  kosher: 'Kosher',
};

/**
 * What a diet rules out: a dish that contains (or, for gluten-free, may contain) one of these
 * cannot be declared for it.
 */
const DIET_EXCLUDES: Partial<Record<Diet, readonly Allergen[]>> = {
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  vegan: ['fish', 'crustaceans', 'molluscs', 'milk', 'eggs'],
  gluten_free: ['gluten'],
};

/** A list of allergen codes in the Annex's order, each once. */
export function sortAllergens(list: Iterable<Allergen>): Allergen[] {
  const set = new Set(list);
  return ALLERGENS.filter((a) => set.has(a));
}

export interface AllergenDeclaration {
  /** Null: not declared. */
  allergens: readonly Allergen[] | null;
  traces: readonly Allergen[];
  diets?: readonly Diet[];
}

/** Why a declaration cannot be kept, as a refusal code and the values its message names. */
export type AllergenProblem =
  | { code: 'ALLERGEN_CONTAINS_AND_TRACES'; params: { allergen: string } }
  | { code: 'DIET_CONTRADICTS_ALLERGEN'; params: { diet: string; allergen: string } };

/**
 * The first contradiction in a declaration: an allergen both contained and a trace, or a diet
 * set beside an allergen it rules out. Null when it holds.
 */
export function allergenProblem(d: AllergenDeclaration): AllergenProblem | null {
  const contains = d.allergens ?? [];
  const both = contains.find((a) => d.traces.includes(a));
  if (both)
    return { code: 'ALLERGEN_CONTAINS_AND_TRACES', params: { allergen: ALLERGEN_LABELS[both] } };
  for (const diet of d.diets ?? []) {
    const excluded = DIET_EXCLUDES[diet] ?? [];
    // Gluten-free also rules out traces of gluten; the others only what the dish contains.
    const present = diet === 'gluten_free' ? [...contains, ...d.traces] : contains;
    const hit = excluded.find((a) => present.includes(a));
    if (hit) {
      return {
        code: 'DIET_CONTRADICTS_ALLERGEN',
        params: { diet: DIET_LABELS[diet], allergen: ALLERGEN_LABELS[hit] },
      };
    }
  }
  return null;
}

/**
 * The diets a dish suits: those the manager set, vegetarian with vegan, and gluten-free when
 * the dish is declared with neither gluten nor traces of it.
 */
export function itemDiets(d: AllergenDeclaration): Diet[] {
  const diets = new Set<Diet>(d.diets ?? []);
  if (diets.has('vegan')) diets.add('vegetarian');
  if (d.allergens && !d.allergens.includes('gluten') && !d.traces.includes('gluten')) {
    diets.add('gluten_free');
  }
  return DIETS.filter((x) => diets.has(x));
}

/** An option as far as its allergens go, and how it is picked on a line. */
export interface AllergenPick {
  allergens: readonly Allergen[];
  traces: readonly Allergen[];
  /** "No" takes the option (and what it adds) off the dish. */
  preModifier?: string | null | undefined;
}

/**
 * The allergens a line contains with its picks: the item's and those its picked options add
 * (an option picked as "No" adds nothing).
 */
export function lineAllergens(
  item: { allergens: readonly Allergen[]; traces: readonly Allergen[] },
  picks: readonly AllergenPick[],
): { allergens: Allergen[]; traces: Allergen[] } {
  const added = picks.filter((p) => p.preModifier !== 'no');
  const allergens = sortAllergens([...item.allergens, ...added.flatMap((p) => p.allergens)]);
  const traces = sortAllergens(
    [...item.traces, ...added.flatMap((p) => p.traces)].filter((a) => !allergens.includes(a)),
  );
  return { allergens, traces };
}
