import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { dualPriceSchema } from '../common/schemas.js';
import { multiLine, singleLine } from '../common/text.js';
import { optionPicksInputSchema } from '../menu/options.js';
import { COURSE_MAX, lineKeySchema, SEAT_MAX } from './lines.js';
import {
  ORDER_MAX_LINES,
  ORDER_MAX_QUANTITY,
  ORDER_MAX_TOTAL_CENTS,
  ORDER_STATUSES,
} from './status.js';
import { tableTokenSchema } from '../tables/schemas.js';
import { stationSlugSchema } from '../stations/schemas.js';

/** Currency as the guest page sends it (uppercase); lowercase is accepted too. */
export const orderCurrencySchema = z
  .string({ error: 'currency must be EUR or USD' })
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['eur', 'usd'], { error: 'currency must be EUR or USD' }));

export const orderLineInputSchema = z.object({
  menuItemId: z
    .union([z.string(), z.number()], { error: 'menuItemId is required' })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, 'menuItemId is required')
        .max(100, 'menuItemId is too long')
        .check(singleLine('menuItemId')),
    ),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(ORDER_MAX_QUANTITY, `quantity must be at most ${ORDER_MAX_QUANTITY}`),
  notes: z.string().trim().max(300, 'notes are too long').check(multiLine('notes')).optional(),
  /** The cart's key for this line; the server derives one when a client sends none. */
  key: lineKeySchema.optional(),
  /**
   * The options picked for the item (`{ optionId, quantity?, preModifier? }`), checked against
   * its groups; left out, the item's default picks.
   */
  options: optionPicksInputSchema.optional(),
});

/** An order's allergy note; blank is none. */
export const allergyNoteSchema = z
  .string({ error: 'allergyNote must be text' })
  .trim()
  .max(300, 'allergyNote is too long')
  .check(multiLine('allergyNote'));

/** An order's lines: at least one, at most ORDER_MAX_LINES, each key at most once. */
const orderLines = <L extends z.ZodType<{ key?: string | undefined }>>(line: L) =>
  z
    .array(line, { error: 'items must be a list' })
    .min(1, 'Your order is empty')
    .max(ORDER_MAX_LINES, `An order can have at most ${ORDER_MAX_LINES} lines`)
    .refine(
      (lines) => {
        const keys = lines.flatMap((l) => (l.key === undefined ? [] : [l.key]));
        return new Set(keys).size === keys.length;
      },
      { error: 'each line of an order needs its own key' },
    );

export const placeOrderInputSchema = z.object({
  token: tableTokenSchema,
  items: orderLines(orderLineInputSchema),
  currency: orderCurrencySchema.default('eur'),
  notes: z.string().trim().max(500, 'notes are too long').check(multiLine('notes')).optional(),
  /** The guest's allergies, for every ticket of the order (emphasised there). */
  allergyNote: allergyNoteSchema.optional(),
});

export type PlaceOrderInput = z.infer<typeof placeOrderInputSchema>;

/**
 * An open-priced line (with the `open_items` permission): a name and a unit price typed by staff,
 * in minor units of the restaurant's own currency, made at the station they chose.
 */
export const openItemInputSchema = z.object({
  name: z
    .string({ error: 'openItem.name is required' })
    .trim()
    .min(1, 'openItem.name is required')
    .max(100, 'openItem.name is too long')
    .check(singleLine('openItem.name')),
  priceCents: z
    .number({ error: 'openItem.priceCents must be a number' })
    .int('openItem.priceCents must be a whole number of cents')
    .min(0, 'openItem.priceCents must not be negative')
    .max(ORDER_MAX_TOTAL_CENTS, 'openItem.priceCents is too large'),
  station: stationSlugSchema,
});

export type OpenItemInput = z.infer<typeof openItemInputSchema>;

/**
 * A line staff ring up: a menu item (`menuItemId`, as a guest's line) or an open-priced item
 * (`openItem`), with the guest's seat and the course it is fired in when given.
 */
export const staffOrderLineInputSchema = z
  .object({
    menuItemId: orderLineInputSchema.shape.menuItemId.optional(),
    openItem: openItemInputSchema.optional(),
    quantity: orderLineInputSchema.shape.quantity,
    notes: orderLineInputSchema.shape.notes,
    key: lineKeySchema.optional(),
    options: orderLineInputSchema.shape.options,
    seat: z
      .number({ error: 'seat must be a number' })
      .int('seat must be a whole number')
      .min(1, 'seat must be at least 1')
      .max(SEAT_MAX, `seat must be at most ${SEAT_MAX}`)
      .optional(),
    course: z
      .number({ error: 'course must be a number' })
      .int('course must be a whole number')
      .min(1, 'course must be at least 1')
      .max(COURSE_MAX, `course must be at most ${COURSE_MAX}`)
      .optional(),
  })
  .refine((l) => (l.menuItemId === undefined) !== (l.openItem === undefined), {
    error: 'each line needs either a menuItemId or an openItem',
  })
  .refine((l) => l.openItem === undefined || l.options === undefined, {
    error: 'an openItem has no options',
  });

export type StaffOrderLineInput = z.infer<typeof staffOrderLineInputSchema>;

/** The most guests a waiter can seat at once (the restaurant's max table capacity also applies). */
export const GUESTS_MAX = 99;

/**
 * A check of a table: its own bill is 1, checks split off it 2, 3, … (a new check takes the
 * highest open number plus one, so numbers may pass the nine that can be open at once).
 */
export const checkNumberSchema = z
  .number({ error: 'check must be a number' })
  .int('check must be a whole number')
  .min(1, 'check must be at least 1')
  .max(999, 'check must be at most 999');

export const guestsSchema = z
  .number({ error: 'guests must be a number' })
  .int('guests must be a whole number')
  .min(1, 'guests must be at least 1')
  .max(GUESTS_MAX, `guests must be at most ${GUESTS_MAX}`);

/**
 * POST /api/tabs/{id}/orders: an order staff ring up (the guest's line shape, plus seats,
 * courses and open-priced lines). `currency` is the one the total is answered in (the
 * restaurant's own unless given).
 */
export const staffOrderInputSchema = z.object({
  items: orderLines(staffOrderLineInputSchema),
  currency: orderCurrencySchema.optional(),
  notes: z.string().trim().max(500, 'notes are too long').check(multiLine('notes')).optional(),
  /** The guests' allergies as they told the waiter, for every ticket of the order. */
  allergyNote: allergyNoteSchema.optional(),
});

export type StaffOrderInput = z.infer<typeof staffOrderInputSchema>;

/**
 * POST /api/tables/{id}/orders: a staff order at a table. `guests` seats a table that has no
 * open bill with that many guests (one when absent); it is ignored when the bill is open.
 */
export const tableOrderInputSchema = staffOrderInputSchema.extend({
  guests: guestsSchema.optional(),
  /**
   * The table's check the order goes on (a check split off its bill); the table's own bill
   * (check 1, the one guests' phone orders join) when absent.
   */
  check: checkNumberSchema.optional(),
});

export type TableOrderInput = z.infer<typeof tableOrderInputSchema>;

/** POST /api/orders/public: 201 for a new order, 200 for a retry with the same Idempotency-Key. */
export const placedOrderSchema = z.object({
  order_number: z.number().int(),
  orderId: z.string(),
  sessionId: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(CURRENCIES),
  total: dualPriceSchema,
  /** True when this answers a retry of an order already placed with the same Idempotency-Key. */
  replayed: z.boolean(),
});

export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const placedOrderResponseSchema = successResponseSchema(placedOrderSchema);

/** An order's optional Idempotency-Key: a retry with the same key replays the order. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 200 characters')
    .max(200, 'Idempotency-Key must be 8 to 200 characters')
    .optional(),
});

/** POST /api/orders/{id}/serve. */
export const serveOrderResponseSchema = successResponseSchema(
  z.object({ served: z.literal(true) }),
);
