import { z } from 'zod';
import { ALLERGENS, DIETS, sortAllergens } from './allergen-rules.js';

/**
 * The shapes of allergen declarations: what a manager sends and what screens read. The codes,
 * labels and rules are in `allergen-rules.ts` (without zod), exported from here too.
 */
export * from './allergen-rules.js';

const allergenList = (field: string) =>
  z
    .array(
      z.enum(ALLERGENS, { error: `${field} must be EU allergen codes (${ALLERGENS.join(', ')})` }),
      {
        error: `${field} must be a list`,
      },
    )
    .max(ALLERGENS.length * 2, `${field} has too many entries`)
    .transform(sortAllergens);

const dietList = z
  .array(z.enum(DIETS, { error: `diets must be among ${DIETS.join(', ')}` }), {
    error: 'diets must be a list',
  })
  .max(DIETS.length * 2, 'diets has too many entries')
  .transform((list) => DIETS.filter((d) => list.includes(d)));

/**
 * An item's declaration as the manager sends it. `allergens` is what it contains: `[]` is an
 * explicit "none", `null` takes the declaration back (the item is a to-do again); left out, an
 * edit keeps what was declared. `traces` ("may contain") and `diets` likewise keep theirs when
 * left out.
 */
export const itemAllergensInputShape = {
  allergens: allergenList('allergens').nullable().optional(),
  traces: allergenList('traces').optional(),
  diets: dietList.optional(),
};

/** An option's allergens: what choosing it adds to the dish ("add walnut pesto": nuts). */
export const optionAllergensInputShape = {
  allergens: allergenList('allergens').default([]),
  traces: allergenList('traces').default([]),
};

/** What the guest menu says of an item's allergens (every item carries all four). */
export const publicAllergensShape = {
  /** The EU-14 codes it contains; `[]` both for "none" and for an item not declared yet. */
  allergens: z.array(z.enum(ALLERGENS)),
  /** What it may contain (traces). */
  traces: z.array(z.enum(ALLERGENS)),
  /** False for an item whose allergens the restaurant has not declared yet. */
  allergensDeclared: z.boolean(),
  diets: z.array(z.enum(DIETS)),
};

/** An option's allergens on the guest menu: what picking it adds. */
export const publicOptionAllergensShape = {
  allergens: z.array(z.enum(ALLERGENS)),
  traces: z.array(z.enum(ALLERGENS)),
};
