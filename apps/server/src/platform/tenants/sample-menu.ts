/**
 * The small menu a signed-up restaurant starts with, to edit or delete: one of each kind, so the
 * guest page, the kitchen and the bar all have something to show on the first day. Each is marked
 * a sample, so the owner can remove them all at once and keep their own.
 */
const ITEMS = [
  {
    name: 'Margherita Pizza',
    category: 'food',
    description: 'Tomato, mozzarella and basil (a sample item: edit or remove it)',
    priceCents: 950,
    preparationTime: 15,
  },
  {
    name: 'Caesar Salad',
    category: 'food',
    description: 'Romaine, parmesan, croutons (a sample item: edit or remove it)',
    priceCents: 850,
    preparationTime: 10,
  },
  {
    name: 'Espresso',
    category: 'drinks',
    description: 'A sample item: edit or remove it',
    priceCents: 250,
    preparationTime: 3,
  },
  {
    name: 'Sparkling Water',
    category: 'drinks',
    description: 'A sample item: edit or remove it',
    priceCents: 300,
    preparationTime: 1,
  },
  {
    name: 'Tiramisu',
    category: 'specials',
    description: 'The house dessert (a sample item: edit or remove it)',
    priceCents: 600,
    preparationTime: 5,
    special: true,
  },
] as const;

export const SAMPLE_MENU = ITEMS.map((item) => ({ ...item, isSample: true }));
