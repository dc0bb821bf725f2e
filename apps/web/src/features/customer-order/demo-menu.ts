import type { PublicMenu, PublicMenuItem } from '@tavola/contract';

const item = (
  id: string,
  name: string,
  description: string,
  category: string,
  eur: number,
  extra: Partial<PublicMenuItem> = {},
): PublicMenuItem => ({
  id,
  name,
  description,
  category,
  price: { eur, usd: Math.round(eur * 108) / 100 },
  available: true,
  special: false,
  image: null,
  tags: [],
  preparationTime: null,
  // The offline stand-in knows nothing of the restaurant's allergens: not declared.
  allergens: [],
  traces: [],
  allergensDeclared: false,
  diets: [],
  ...extra,
});

/** The built-in menu shown only when the real one cannot be loaded; ordering stays local. */
export const DEMO_MENU: PublicMenu = {
  menu: {
    food: [
      item('demo-burger', 'Classic Burger', 'Beef patty, cheddar and house sauce', 'food', 12.5),
      item('demo-pizza', 'Margherita Pizza', 'Tomato, mozzarella and basil', 'food', 10.9),
      item('demo-salad', 'Caesar Salad', 'Romaine, parmesan and croutons', 'food', 9.5),
    ],
    drinks: [
      item('demo-beer', 'Craft Beer', 'Local pale ale on draught', 'drinks', 5.5),
      item('demo-lemonade', 'Fresh Lemonade', 'Lemons, mint and sparkling water', 'drinks', 4),
    ],
    specials: [
      item('demo-tasting', 'Chef’s Tasting Plate', 'Five small plates', 'specials', 22, {
        special: true,
      }),
    ],
  },
  restaurant: {
    id: 'demo',
    name: 'Tavola Demo',
    currency: 'eur',
    exchangeRate: 1.08,
    branding: {},
    charges: { taxRate: 0, serviceCharge: 0, pricesIncludeTax: true },
    orderingPaused: null,
  },
  table: { number: 0 },
};
