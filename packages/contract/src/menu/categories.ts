export const STATIONS = ['kitchen', 'bar'] as const;

export type Station = (typeof STATIONS)[number];

/**
 * What each station means to the rest of the product, read here and nowhere else (no
 * `station === 'kitchen' ? … : …` elsewhere): its name, the events its tickets travel in, the
 * estimate of a ticket whose items give none, and the display's word for starting a ticket.
 */
export const STATION_INFO = {
  kitchen: {
    label: 'Kitchen',
    newTicketEvent: 'kitchen_order',
    ticketUpdatedEvent: 'kitchen_ticket_updated',
    defaultTicketMinutes: 20,
    startLabel: 'Start Cooking',
  },
  bar: {
    label: 'Bar',
    newTicketEvent: 'bar_order',
    ticketUpdatedEvent: 'bar_ticket_updated',
    defaultTicketMinutes: 5,
    startLabel: 'Start Making',
  },
} as const satisfies Record<
  Station,
  {
    label: string;
    newTicketEvent: string;
    ticketUpdatedEvent: string;
    defaultTicketMinutes: number;
    startLabel: string;
  }
>;

/** One station's facts (`STATION_INFO`). */
export function stationInfo<S extends Station>(station: S): (typeof STATION_INFO)[S] {
  return STATION_INFO[station];
}

/** Spoken names of the stations, as the menu's forms offer them. */
export const STATION_LABELS: Record<Station, string> = {
  kitchen: STATION_INFO.kitchen.label,
  bar: STATION_INFO.bar.label,
};

/** What a new order is announced as: food when any of it goes to the kitchen, else drinks. */
export function orderKindFor(stations: readonly Station[]): 'food' | 'drinks' {
  return stations.includes('kitchen') ? 'food' : 'drinks';
}

/**
 * Where a category's items go before anyone chose: the drinks category to the bar, the rest to
 * the kitchen (the routing every restaurant had before categories carried a station).
 */
export function defaultStationFor(category: string): Station {
  const key = category.trim().toLowerCase();
  return key === 'drinks' || key === 'drink' ? 'bar' : 'kitchen';
}

/**
 * Which station prepares an item: its own setting, else its category's, else the category's
 * default. The one reading of an item's station: orders, the demo history and the menu screen
 * all route through it.
 */
export function stationFor(item: {
  category: string;
  station?: Station | null;
  categoryStation?: Station | null;
}): Station {
  return item.station ?? item.categoryStation ?? defaultStationFor(item.category);
}

export const MENU_PAGE_SIZE = 500;

// Here, not beside the public schemas: the guest page imports it, and this module has no zod.
const CATEGORY_LABELS = new Map([
  ['food', 'Food'],
  ['drinks', 'Drinks'],
  ['specials', 'Specials'],
]);

/**
 * A category key as the guest page labels its tab (Food, Drinks, Specials; any other
 * category capitalised). A Map, since the key is the manager's own word (`constructor`, `__proto__`).
 */
export function categoryLabel(key: string): string {
  return CATEGORY_LABELS.get(key) ?? key.charAt(0).toUpperCase() + key.slice(1);
}
