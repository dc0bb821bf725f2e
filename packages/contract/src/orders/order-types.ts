import { z } from 'zod';

/**
 * How a bill is served: at a table (dine-in), or without one: a tab at the bar, an order at the
 * counter, a takeaway to be picked up. Tickets, bills, receipts and reports name it.
 */
export const ORDER_TYPES = ['dine_in', 'bar_tab', 'counter', 'takeaway'] as const;

export type OrderType = (typeof ORDER_TYPES)[number];

/** The bills without a table: what `POST /api/tabs` opens. */
export const TAB_TYPES = ['bar_tab', 'counter', 'takeaway'] as const;

export type TabType = (typeof TAB_TYPES)[number];

export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  dine_in: 'Dine-in',
  bar_tab: 'Bar tab',
  counter: 'Counter',
  takeaway: 'Takeaway',
};

/**
 * A bill without a table as tickets and events carry it: its id (the dining session's), the name
 * (or number) it was opened under, and for a takeaway the time promised for the pickup (ISO).
 */
export const tabRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  pickupAt: z.string().nullable(),
});

export type TabRef = z.infer<typeof tabRefSchema>;

/**
 * Where an order goes, as a ticket, an event or a bill names it: the table (null for a tab), its
 * order type, and the tab (null at a table). The server always sends both; they are optional so
 * events stored before tabs existed still read (absent: dine-in, no tab; `orderTypeOf`).
 */
export const orderPlaceShape = {
  tableId: z.string().nullable(),
  tableNumber: z.number().int().nullable(),
  orderType: z.enum(ORDER_TYPES).optional(),
  tab: tabRefSchema.nullable().optional(),
};

/** Where an order goes (`orderPlaceShape`). */
export interface OrderPlace {
  tableId: string | null;
  tableNumber: number | null;
  orderType: OrderType;
  tab: TabRef | null;
}

/**
 * How a place is named in one line: "Table 6", "Bar tab · Anna", "Takeaway · Ben" (the pickup
 * time is shown beside it in the reader's time zone, which the caller knows).
 */
export function placeLabel(place: {
  tableNumber: number | null;
  orderType?: OrderType | undefined;
  tabName?: string | null | undefined;
}): string {
  if (!place.orderType || place.orderType === 'dine_in' || !place.tabName) {
    return `Table ${place.tableNumber ?? '?'}`;
  }
  return `${ORDER_TYPE_LABELS[place.orderType]} · ${place.tabName}`;
}

/** How a ticket's or an event's place is named (`placeLabel`). */
export const placeLabelOf = (place: {
  tableNumber: number | null;
  orderType?: OrderType | undefined;
  tab?: TabRef | null | undefined;
}) =>
  placeLabel({
    tableNumber: place.tableNumber,
    orderType: orderTypeOf(place),
    tabName: place.tab?.name ?? null,
  });

/** A place's order type, dine-in when it names none (written before tabs existed). */
export const orderTypeOf = (place: { orderType?: OrderType | undefined }): OrderType =>
  place.orderType ?? 'dine_in';
