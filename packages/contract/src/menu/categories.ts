/** The two stations every restaurant has (its spec screens are /kitchen and /bar). */
export const STATIONS = ['kitchen', 'bar'] as const;

export type BuiltInStation = (typeof STATIONS)[number];

/**
 * A station's slug: kitchen, bar, or one a manager added (grill, pizza, pastry…). Stations are
 * rows (docs/decisions/0015-stations-as-data.md); the contract knows only the two built in.
 */
export type Station = string;

/** Lowercase letters, digits and dashes, starting with a letter. */
export const STATION_SLUG_PATTERN = /^[a-z][a-z0-9-]{0,29}$/;

/** Which staff role works a station's display: the kitchen's cooks or the bar's. */
export const STATION_KINDS = ['kitchen', 'bar'] as const;

export type StationKind = (typeof STATION_KINDS)[number];

export function isBuiltInStation(station: string): station is BuiltInStation {
  return (STATIONS as readonly string[]).includes(station);
}

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

/**
 * The facts of a station a manager added: its tickets travel in the generic events that carry
 * the station as data, and its name comes from its row (the label here is the slug's fallback).
 */
function addedStationInfo(station: string) {
  return {
    label: station.charAt(0).toUpperCase() + station.slice(1),
    newTicketEvent: 'station_order',
    ticketUpdatedEvent: 'station_ticket_updated',
    defaultTicketMinutes: 15,
    startLabel: 'Start',
  } as const;
}

/** One station's facts (`STATION_INFO` for kitchen and bar, the generic ones for the others). */
export function stationInfo(station: Station) {
  return isBuiltInStation(station) ? STATION_INFO[station] : addedStationInfo(station);
}

/** Spoken names of the built-in stations, as the menu's forms offer them. */
export const STATION_LABELS: Record<BuiltInStation, string> = {
  kitchen: STATION_INFO.kitchen.label,
  bar: STATION_INFO.bar.label,
};

/** A station's spoken name when its row is not at hand. */
export function stationLabel(station: Station): string {
  return stationInfo(station).label;
}

/** What a new order is announced as: food when any of it goes elsewhere than the bar, else drinks. */
export function orderKindFor(stations: readonly Station[]): 'food' | 'drinks' {
  return stations.some((s) => s !== 'bar') ? 'food' : 'drinks';
}

/**
 * Where a category's items go before anyone chose: the drinks category to the bar, the rest to
 * the kitchen (the routing every restaurant had before categories carried a station).
 */
export function defaultStationFor(category: string): BuiltInStation {
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
