import type { Allergen, Diet } from '@tavola/contract';

/**
 * A symbol per allergen and diet, always shown beside its word (never on its own, never as a
 * colour alone): emoji, so the guest page carries no icon set for them.
 */
export const ALLERGEN_ICONS: Record<Allergen, string> = {
  gluten: '🌾',
  crustaceans: '🦐',
  eggs: '🥚',
  fish: '🐟',
  peanuts: '🥜',
  soybeans: '🫘',
  milk: '🥛',
  nuts: '🌰',
  celery: '🥬',
  mustard: '🫙',
  sesame: '🥯',
  sulphites: '🍷',
  lupin: '🌼',
  molluscs: '🦪',
};

export const DIET_ICONS: Record<Diet, string> = {
  vegetarian: '🥕',
  vegan: '🌱',
  gluten_free: '✓',
  halal: '✓',
  kosher: '✓',
};
