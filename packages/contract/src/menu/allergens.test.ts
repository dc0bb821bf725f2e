import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  allergenProblem,
  itemDiets,
  lineAllergens,
  menuItemInputSchema,
  optionGroupInputSchema,
  placeOrderInputSchema,
  publicMenuItemSchema,
} from '../index.js';

const item = { name: 'Pesto pasta', category: 'food', price: 12 };

describe('allergen declarations', () => {
  it('lists the EU 14 in the order of Annex II', () => {
    expect(ALLERGENS).toEqual([
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
    ]);
  });

  it('keeps an item undeclared, declared "none", or declared, in the Annex order', () => {
    expect(menuItemInputSchema.parse(item).allergens).toBeUndefined();
    expect(menuItemInputSchema.parse({ ...item, allergens: null }).allergens).toBeNull();
    expect(menuItemInputSchema.parse({ ...item, allergens: [] }).allergens).toEqual([]);
    const parsed = menuItemInputSchema.parse({
      ...item,
      allergens: ['nuts', 'gluten', 'nuts'],
      traces: ['sesame'],
      diets: ['vegan', 'vegetarian', 'vegan'],
    });
    expect(parsed.allergens).toEqual(['gluten', 'nuts']);
    expect(parsed.traces).toEqual(['sesame']);
    expect(parsed.diets).toEqual(['vegetarian', 'vegan']);
  });

  it('refuses a code outside the EU 14 and a diet it does not know, naming the field', () => {
    const bad = menuItemInputSchema.safeParse({ ...item, allergens: ['strawberry'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^allergens must be EU allergen codes/);
    expect(menuItemInputSchema.safeParse({ ...item, traces: 'nuts' }).success).toBe(false);
    expect(menuItemInputSchema.safeParse({ ...item, diets: ['paleo'] }).success).toBe(false);
  });

  it('gives options allergens and traces, none by default', () => {
    const group = optionGroupInputSchema.parse({
      name: 'Sauce',
      options: [{ name: 'Walnut pesto', allergens: ['nuts', 'milk'] }, { name: 'Tomato' }],
    });
    expect(group.options[0]).toMatchObject({ allergens: ['milk', 'nuts'], traces: [] });
    expect(group.options[1]).toMatchObject({ allergens: [], traces: [] });
    expect(
      optionGroupInputSchema.safeParse({
        name: 'Sauce',
        options: [{ name: 'Walnut pesto', allergens: ['walnut'] }],
      }).success,
    ).toBe(false);
  });

  it('finds an allergen both contained and a trace, and a diet against an allergen', () => {
    expect(allergenProblem({ allergens: ['nuts'], traces: ['nuts'] })).toEqual({
      code: 'ALLERGEN_CONTAINS_AND_TRACES',
      params: { allergen: 'Nuts' },
    });
    expect(allergenProblem({ allergens: ['milk'], traces: [], diets: ['vegan'] })?.code).toBe(
      'DIET_CONTRADICTS_ALLERGEN',
    );
    expect(allergenProblem({ allergens: ['milk'], traces: [], diets: ['vegetarian'] })).toBeNull();
    expect(allergenProblem({ allergens: ['fish'], traces: [], diets: ['vegetarian'] })).toEqual({
      code: 'DIET_CONTRADICTS_ALLERGEN',
      params: { diet: 'Vegetarian', allergen: 'Fish' },
    });
    // Gluten-free rules out traces of gluten too.
    expect(allergenProblem({ allergens: [], traces: ['gluten'], diets: ['gluten_free'] })).not.toBe(
      null,
    );
    expect(allergenProblem({ allergens: null, traces: [], diets: ['halal'] })).toBeNull();
  });

  it('derives gluten-free from a declaration without gluten, and vegetarian from vegan', () => {
    expect(itemDiets({ allergens: ['milk'], traces: [] })).toEqual(['gluten_free']);
    expect(itemDiets({ allergens: ['milk'], traces: ['gluten'] })).toEqual([]);
    expect(itemDiets({ allergens: ['gluten'], traces: [] })).toEqual([]);
    // Not declared: nothing can be derived.
    expect(itemDiets({ allergens: null, traces: [] })).toEqual([]);
    expect(itemDiets({ allergens: [], traces: [], diets: ['vegan', 'halal'] })).toEqual([
      'vegetarian',
      'vegan',
      'gluten_free',
      'halal',
    ]);
  });

  it("adds a picked option's allergens to the line, but not one picked as No", () => {
    const dish = { allergens: ['gluten'] as const, traces: ['nuts', 'sesame'] as const };
    const pesto = { allergens: ['nuts', 'milk'] as const, traces: [] as const };
    expect(lineAllergens(dish, [pesto])).toEqual({
      allergens: ['gluten', 'milk', 'nuts'],
      traces: ['sesame'],
    });
    expect(lineAllergens(dish, [{ ...pesto, preModifier: 'no' }])).toEqual({
      allergens: ['gluten'],
      traces: ['nuts', 'sesame'],
    });
  });

  it('puts the allergens, traces, declaration and diets on every public item', () => {
    const shape = publicMenuItemSchema.shape;
    expect(Object.keys(shape)).toEqual(
      expect.arrayContaining(['allergens', 'traces', 'allergensDeclared', 'diets']),
    );
    expect(shape.allergens.safeParse(['peanuts']).success).toBe(true);
    expect(shape.allergens.safeParse(['walnut']).success).toBe(false);
  });

  it("takes the guest's allergy note, trimmed and at most 300 characters", () => {
    const base = { token: 'QR-T1', items: [{ menuItemId: 'a', quantity: 1 }] };
    expect(
      placeOrderInputSchema.parse({ ...base, allergyNote: '  no nuts\nat all ' }).allergyNote,
    ).toBe('no nuts\nat all');
    expect(placeOrderInputSchema.safeParse({ ...base, allergyNote: 'x'.repeat(301) }).success).toBe(
      false,
    );
    expect(placeOrderInputSchema.safeParse({ ...base, allergyNote: 'a\u0000b' }).success).toBe(
      false,
    );
  });
});
