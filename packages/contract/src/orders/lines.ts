import { z } from 'zod';
import type { Currency } from '../common/constants.js';
import { priceLine } from '../dining-sessions/charges.js';
import { type Station, stationFor } from '../menu/categories.js';
import { PRE_MODIFIERS, type TicketOption } from '../menu/options.js';
import { lineLabel } from './line-labels.js';
import { isLineKey, LINE_KEY_MAX } from './line-key.js';
import { stationSlugSchema } from '../stations/schemas.js';

export * from './line-labels.js';

/**
 * An order line and what it keeps of the menu.
 *
 * A line is what the guest put in the cart as one line: one menu item, the options chosen for
 * it, its notes and a quantity. Lines are never merged by menu item: the same item twice with
 * different notes (or, later, different options) is two lines, each cooked, billed and voided on
 * its own. The client names each line with a key of its own (the cart's line key); the server
 * keeps it, and derives one for a client that sends none.
 *
 * When the order is placed, each line takes a snapshot of the menu (`lineSnapshot`, the one place
 * that builds it): tickets, events, bills, receipts and reports read the snapshot, never the live
 * menu row, so a later change to the menu never changes an order already placed.
 */

const LINE_KEY_TEXT = `a line key is 1 to ${LINE_KEY_MAX} letters, digits, - or _`;

/** A client's key for a cart line (`isLineKey`), trimmed. */
export const lineKeySchema = z
  .string({ error: LINE_KEY_TEXT })
  .trim()
  .refine(isLineKey, { error: LINE_KEY_TEXT });

/**
 * One option chosen for a line (`checkOptionSelection` builds them): its group ("Extras"), the
 * option ("Cheese"), how many times it was picked, its pre-modifier in an ingredient group
 * ("no" for "NO Onion"), and how much it changes the item's unit price, its quantity included,
 * in minor units of the item's currency (negative when it lowers it). In the order of the item's
 * groups and of their options.
 */
export const lineOptionSchema = z.object({
  groupId: z.string(),
  group: z.string(),
  optionId: z.string(),
  option: z.string(),
  quantity: z.number().int().min(1),
  preModifier: z.enum(PRE_MODIFIERS).nullable(),
  priceCents: z.number().int(),
});

export type LineOption = z.infer<typeof lineOptionSchema>;

/** The most seats a line can name, and the most courses an order can be fired in. */
export const SEAT_MAX = 99;
export const COURSE_MAX = 9;

/**
 * The category an open-priced line is counted in (a typed name and price, such as the day's
 * market-price fish or a corkage fee): it has no menu item, so no menu category.
 */
export const OPEN_ITEM_CATEGORY = 'Open items';

/** What a line keeps of the menu when its order is placed. */
export const lineSnapshotSchema = z.object({
  /** The client's line key (or the one derived for it), unique within its order. */
  key: z.string(),
  /** Null for an open-priced line, which a member of staff named and priced by hand. */
  menuItemId: z.string().nullable(),
  name: z.string(),
  category: z.string(),
  /** Where it is prepared, read once at placing (`stationFor`). */
  station: stationSlugSchema,
  options: z.array(lineOptionSchema),
  /** The unit price with its options, in minor units of the restaurant's currency (`priceLine`). */
  unitCents: z.number().int().nonnegative(),
  notes: z.string().nullable(),
  /** The allergens the item declared (none are declared yet). */
  allergens: z.array(z.string()),
  /** The guest's seat at the table (1 = the first), when staff entered it; null otherwise. */
  seat: z.number().int().min(1).max(SEAT_MAX).nullable(),
  /** The course the line is fired in (1 = the first), when staff entered it; null otherwise. */
  course: z.number().int().min(1).max(COURSE_MAX).nullable(),
});

export type LineSnapshot = z.infer<typeof lineSnapshotSchema>;

/** What `lineSnapshot` reads of a menu item (the server's row, its category's station beside it). */
export interface SnapshotItem {
  id: string;
  name: string;
  category: string;
  station?: Station | null;
  categoryStation?: Station | null;
  priceCents: number;
  currency: Currency;
  allergens?: readonly string[] | null;
}

/** What the guest (or the waiter) chose for a line. */
export interface LineChoice {
  key: string;
  options?: readonly LineOption[];
  notes?: string | null | undefined;
  seat?: number | null | undefined;
  course?: number | null | undefined;
}

/** An open-priced line as staff typed it: its name, its unit price and where it is made. */
export interface OpenItemChoice {
  name: string;
  /** Minor units of the restaurant's own currency (what the bill is in). */
  priceCents: number;
  station: Station;
}

/**
 * The snapshot of one line, priced in the restaurant's currency `base` (`priceLine`): the only
 * place an order line is built from a menu item.
 */
export function lineSnapshot(
  item: SnapshotItem,
  choice: LineChoice,
  base: Currency,
  eurToUsd: number,
): LineSnapshot {
  const options = (choice.options ?? []).map((o) => ({ ...o }));
  return {
    key: choice.key,
    menuItemId: item.id,
    name: item.name,
    category: item.category,
    station: stationFor(item),
    options,
    unitCents: priceLine(item, options, base, eurToUsd),
    notes: choice.notes ? choice.notes : null,
    allergens: [...(item.allergens ?? [])],
    seat: choice.seat ?? null,
    course: choice.course ?? null,
  };
}

/**
 * The snapshot of an open-priced line: the name, price and station staff typed, priced in the
 * restaurant's own currency as typed (nothing to convert), counted in `OPEN_ITEM_CATEGORY`.
 */
export function openLineSnapshot(item: OpenItemChoice, choice: LineChoice): LineSnapshot {
  return {
    key: choice.key,
    menuItemId: null,
    name: item.name,
    category: OPEN_ITEM_CATEGORY,
    station: item.station,
    options: [],
    unitCents: item.priceCents,
    notes: choice.notes ? choice.notes : null,
    allergens: [],
    seat: choice.seat ?? null,
    course: choice.course ?? null,
  };
}

/**
 * A line as a kitchen or bar ticket shows it: what to make, how many, the guest's notes, and the
 * seat and course staff gave it.
 */
export function ticketLine(line: LineSnapshot, quantity: number) {
  return {
    name: lineLabel(line),
    quantity,
    notes: line.notes,
    category: line.category,
    seat: line.seat,
    course: line.course,
    ...ticketOptions(line),
  };
}

/** A line as the order's events carry it to the displays. */
export function eventLine(line: LineSnapshot, quantity: number) {
  return {
    lineKey: line.key,
    menuItemId: line.menuItemId,
    name: lineLabel(line),
    quantity,
    category: line.category,
    station: line.station,
    notes: line.notes,
    seat: line.seat,
    course: line.course,
    ...ticketOptions(line),
  };
}

/** A line's options as tickets and events carry them (`ticketOptionsShape`); nothing without options. */
function ticketOptions(line: LineSnapshot): { itemName?: string; options?: TicketOption[] } {
  if (line.options.length === 0) return {};
  return {
    itemName: line.name,
    options: line.options.map((o) => ({
      group: o.group,
      option: o.option,
      quantity: o.quantity,
      preModifier: o.preModifier,
    })),
  };
}
