import {
  isLineKey,
  ORDER_MAX_LINES,
  ORDER_MAX_QUANTITY,
  STATIONS,
  STORAGE_PREFIX,
  type OptionPick,
  type Station,
} from '@tavola/contract';
import { isPicks, samePicks } from '@/components/options/picks';
import { newOrderKey } from '@/lib/order-keys';

/** A line typed by hand (with the open_items permission): its name, price and station. */
export interface OpenItem {
  name: string;
  /** Minor units of the restaurant's currency. */
  priceCents: number;
  station: Station;
}

/**
 * One line of what a waiter is ringing up, under its own key: the same dish for another seat,
 * with a note or in another course is another line.
 */
export interface DraftLine {
  key: string;
  /** The menu item; null for an open-priced line. */
  menuItemId: string | null;
  openItem: OpenItem | null;
  name: string;
  /** Unit price in the restaurant's currency (major units), shown on the screen. */
  unitPrice: number;
  quantity: number;
  notes?: string;
  seat?: number;
  course?: number;
  /** The options chosen for an item with option groups (sent as the line's `options`). */
  options?: OptionPick[];
  /** Those options as the screen prints them under the line ("Remove: NO Onion"). */
  optionLines?: string[];
}

/**
 * An order on its way: the lines frozen at the tap on Send and the Idempotency-Key they go with.
 * It stays until the server answers, so a retry after a lost answer sends the same body with the
 * same key (the server replays the order it already placed) and never a second order.
 */
export interface OutgoingOrder {
  key: string;
  lines: DraftLine[];
  allergyNote?: string;
}

/** A place's pending order: lines not sent yet, and the order on its way if there is one. */
export interface PendingOrder {
  draft: DraftLine[];
  outgoing: OutgoingOrder | null;
  /** The guests' allergies as they told the waiter: sent with the next order, to every ticket. */
  allergyNote?: string;
}

export const EMPTY_ORDER: PendingOrder = { draft: [], outgoing: null };

/** What a new line of a menu item is added with: the seat and course chosen on the screen. */
export interface LinePlace {
  seat?: number | undefined;
  course?: number | undefined;
}

const sameItem = (
  l: DraftLine,
  item: { menuItemId: string | null; openItem: OpenItem | null; options?: OptionPick[] },
  at: LinePlace,
) =>
  l.menuItemId !== null &&
  l.menuItemId === item.menuItemId &&
  !l.notes &&
  // The same item with other options is another line.
  samePicks(l.options ?? [], item.options ?? []) &&
  (l.options === undefined) === (item.options === undefined) &&
  l.seat === at.seat &&
  l.course === at.course;

/** How many of a menu item are in the lines (the server allows ORDER_MAX_QUANTITY per order). */
export const quantityOf = (lines: readonly DraftLine[], menuItemId: string) =>
  lines.reduce((n, l) => (l.menuItemId === menuItemId ? n + l.quantity : n), 0);

/**
 * One more of a menu item: on its line for the same seat and course without a note, or a new
 * line. An open item is always a line of its own.
 */
export function addLine(
  order: PendingOrder,
  item: Pick<
    DraftLine,
    'menuItemId' | 'openItem' | 'name' | 'unitPrice' | 'options' | 'optionLines'
  >,
  at: LinePlace = {},
): PendingOrder {
  const { draft } = order;
  if (item.menuItemId !== null && quantityOf(draft, item.menuItemId) >= ORDER_MAX_QUANTITY) {
    return order;
  }
  const same = item.openItem ? undefined : draft.find((l) => sameItem(l, item, at));
  if (same) {
    return {
      ...order,
      draft: draft.map((l) => (l === same ? { ...l, quantity: l.quantity + 1 } : l)),
    };
  }
  if (draft.length >= ORDER_MAX_LINES) return order;
  const line: DraftLine = {
    key: newOrderKey(),
    menuItemId: item.menuItemId,
    openItem: item.openItem,
    name: item.name,
    unitPrice: item.unitPrice,
    quantity: 1,
    ...(item.options ? { options: item.options, optionLines: item.optionLines ?? [] } : {}),
    ...(at.seat ? { seat: at.seat } : {}),
    ...(at.course ? { course: at.course } : {}),
  };
  return { ...order, draft: [...draft, line] };
}

/** One more or one less of a line; a line at zero leaves the order. */
export function stepLine(order: PendingOrder, key: string, delta: 1 | -1): PendingOrder {
  const line = order.draft.find((l) => l.key === key);
  if (!line) return order;
  if (
    delta > 0 &&
    (line.menuItemId === null ? line.quantity : quantityOf(order.draft, line.menuItemId)) >=
      ORDER_MAX_QUANTITY
  ) {
    return order;
  }
  const quantity = line.quantity + delta;
  return {
    ...order,
    draft:
      quantity > 0
        ? order.draft.map((l) => (l.key === key ? { ...l, quantity } : l))
        : order.draft.filter((l) => l.key !== key),
  };
}

/** A line's note, seat or course changed (an empty note, or no seat or course, removes it). */
export function editLine(
  order: PendingOrder,
  key: string,
  patch: { notes?: string; seat?: number | null; course?: number | null },
): PendingOrder {
  return {
    ...order,
    draft: order.draft.map((l) => {
      if (l.key !== key) return l;
      const next: DraftLine = { ...l };
      if ('notes' in patch) {
        const notes = patch.notes?.trim();
        if (notes) next.notes = patch.notes;
        else delete next.notes;
      }
      if ('seat' in patch) {
        if (patch.seat) next.seat = patch.seat;
        else delete next.seat;
      }
      if ('course' in patch) {
        if (patch.course) next.course = patch.course;
        else delete next.course;
      }
      return next;
    }),
  };
}

/**
 * Send tapped: the lines not sent yet leave the draft with a new key. An order already on its way
 * (its answer lost) goes again as it was, with its key; what was added since waits for the next
 * Send.
 */
export function freeze(order: PendingOrder): PendingOrder {
  if (order.outgoing || order.draft.length === 0) return order;
  const note = order.allergyNote?.trim();
  return {
    draft: [],
    outgoing: { key: newOrderKey(), lines: order.draft, ...(note ? { allergyNote: note } : {}) },
  };
}

/** The server placed the order (or replayed it): it is on the bill now. */
export const settle = (order: PendingOrder): PendingOrder => ({ ...order, outgoing: null });

/**
 * The server refused the order, so nothing was placed: its lines go back to the draft, ahead of
 * anything added since, for the waiter to change or send again (with a new key).
 */
export const giveBack = (order: PendingOrder): PendingOrder => {
  if (!order.outgoing) return order;
  const note = order.allergyNote ?? order.outgoing.allergyNote;
  return {
    draft: [...order.outgoing.lines, ...order.draft],
    outgoing: null,
    ...(note ? { allergyNote: note } : {}),
  };
};

/** The allergy note typed for the next order (blank removes it). */
export function setAllergyNote(order: PendingOrder, note: string): PendingOrder {
  const { allergyNote: _old, ...rest } = order;
  return note.trim() ? { ...rest, allergyNote: note } : rest;
}

/** The body of an order on its way, as the staff order routes take it. */
export const orderBody = (outgoing: OutgoingOrder) => ({
  items: orderItems(outgoing.lines),
  ...(outgoing.allergyNote ? { allergyNote: outgoing.allergyNote } : {}),
});

export type OrderBody = ReturnType<typeof orderBody>;

/** An order's lines as the staff order routes take them. */
export function orderItems(lines: readonly DraftLine[]) {
  return lines.map((l) => ({
    ...(l.openItem ? { openItem: l.openItem } : { menuItemId: l.menuItemId ?? '' }),
    quantity: l.quantity,
    key: l.key,
    ...(l.notes?.trim() ? { notes: l.notes.trim() } : {}),
    ...(l.seat ? { seat: l.seat } : {}),
    ...(l.course ? { course: l.course } : {}),
    ...(l.options && !l.openItem ? { options: l.options } : {}),
  }));
}

const storageKey = (place: string) => `${STORAGE_PREFIX}pos_${place}`;

const isCount = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) > 0);

function isOpenItem(v: unknown): v is OpenItem {
  if (!v || typeof v !== 'object') return false;
  const o = v as Partial<OpenItem>;
  return (
    typeof o.name === 'string' &&
    Number.isInteger(o.priceCents) &&
    (STATIONS as readonly unknown[]).includes(o.station)
  );
}

function isLine(v: unknown): v is DraftLine {
  if (!v || typeof v !== 'object') return false;
  const l = v as Partial<DraftLine>;
  return (
    isLineKey(l.key) &&
    (typeof l.menuItemId === 'string' || (l.menuItemId === null && isOpenItem(l.openItem))) &&
    (l.openItem === null || isOpenItem(l.openItem)) &&
    typeof l.name === 'string' &&
    typeof l.unitPrice === 'number' &&
    Number.isInteger(l.quantity) &&
    (l.quantity as number) > 0 &&
    (l.notes === undefined || typeof l.notes === 'string') &&
    isCount(l.seat) &&
    isCount(l.course) &&
    (l.options === undefined || isPicks(l.options)) &&
    (l.optionLines === undefined ||
      (Array.isArray(l.optionLines) && l.optionLines.every((o) => typeof o === 'string')))
  );
}

/**
 * A place's pending order as this device kept it (a reload, a dead battery): the lines not sent
 * yet and the order on its way with its key. Anything that does not read as one is dropped whole.
 */
export function loadPendingOrder(place: string): PendingOrder {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(place)) ?? 'null') as {
      draft?: unknown;
      outgoing?: { key?: unknown; lines?: unknown; allergyNote?: unknown } | null;
      allergyNote?: unknown;
    } | null;
    if (!stored || !Array.isArray(stored.draft) || !stored.draft.every(isLine)) return EMPTY_ORDER;
    const out = stored.outgoing;
    const isNote = (v: unknown) => v === undefined || typeof v === 'string';
    if (
      (out &&
        (typeof out.key !== 'string' ||
          !Array.isArray(out.lines) ||
          !out.lines.every(isLine) ||
          !isNote(out.allergyNote))) ||
      !isNote(stored.allergyNote)
    ) {
      return EMPTY_ORDER;
    }
    const outNote = out?.allergyNote as string | undefined;
    const note = stored.allergyNote;
    return {
      draft: stored.draft,
      outgoing: out
        ? {
            key: out.key as string,
            lines: out.lines as DraftLine[],
            ...(outNote ? { allergyNote: outNote } : {}),
          }
        : null,
      ...(note ? { allergyNote: note } : {}),
    };
  } catch {
    return EMPTY_ORDER;
  }
}

export function savePendingOrder(place: string, order: PendingOrder): void {
  try {
    if (order.draft.length || order.outgoing || order.allergyNote) {
      localStorage.setItem(storageKey(place), JSON.stringify(order));
    } else {
      localStorage.removeItem(storageKey(place));
    }
  } catch {
    // Storage full or disabled: the order lives until the page closes.
  }
}
