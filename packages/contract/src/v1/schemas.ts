/**
 * The public API's own shapes (`/api/v1`). They are mapped from the rows on the server, never
 * the staff screens' shapes passed through, so a change to a screen never breaks an integration.
 * Money is in integer minor units (cents) with its currency; times are ISO 8601 in UTC.
 */
import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { ORDER_STATUSES } from '../orders/status.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';
import { PAYMENT_STATES } from '../payments/state.js';
import { TABLE_STATUSES } from '../tables/status.js';
import { TICKET_STATUSES } from '../tickets/status.js';
import { zReportSchema } from '../business-days/schemas.js';
import { stationSlugSchema } from '../stations/schemas.js';

const id = z.uuid();
const cents = z.number().int();
const time = z.iso.datetime({ offset: true });
const date = z.iso.date();

const EXAMPLE_ITEM = {
  id: '6f1c2a9e-4b7d-4c1e-9a3f-2d5e8b7c1a40',
  name: 'Margherita',
  description: 'Tomato, mozzarella, basil',
  category: 'food',
  priceCents: 1150,
  currency: 'eur',
  available: true,
} as const;

export const v1MenuItemSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    priceCents: cents,
    currency: z.enum(CURRENCIES),
    available: z.boolean(),
  })
  .meta({ examples: [EXAMPLE_ITEM] });

export type V1MenuItem = z.infer<typeof v1MenuItemSchema>;

export const v1MenuResponseSchema = successResponseSchema(
  z.object({ items: z.array(v1MenuItemSchema) }),
).meta({ examples: [{ success: true, data: { items: [EXAMPLE_ITEM] } }] });

/** What an integration may change of an item: whether it is on sale, and its price. */
export const v1MenuItemPatchSchema = z
  .object({
    available: z.boolean().optional(),
    priceCents: cents.min(1).max(1_000_000).optional(),
  })
  .refine((p) => p.available !== undefined || p.priceCents !== undefined, {
    message: 'Give available, priceCents or both',
  })
  .meta({ examples: [{ available: false }] });

export const v1MenuItemResponseSchema = successResponseSchema(v1MenuItemSchema).meta({
  examples: [{ success: true, data: { ...EXAMPLE_ITEM, available: false } }],
});

const EXAMPLE_TABLE = {
  id: '0b6b1d3c-2f0a-4f7e-8c55-1f2a3b4c5d6e',
  number: 4,
  capacity: 4,
  status: 'active',
} as const;

export const v1TableSchema = z.object({
  id,
  number: z.number().int(),
  capacity: z.number().int(),
  status: z.enum(TABLE_STATUSES),
});

export const v1TablesResponseSchema = successResponseSchema(
  z.object({ tables: z.array(v1TableSchema) }),
).meta({ examples: [{ success: true, data: { tables: [EXAMPLE_TABLE] } }] });

export const v1OrderLineSchema = z.object({
  id,
  menuItemId: id.nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** Of `quantity`, how many were taken off. */
  voidedQuantity: z.number().int(),
  unitPriceCents: cents,
  notes: z.string().nullable(),
});

const EXAMPLE_ORDER = {
  id: '9d7c5b3a-1e2f-4a6b-8c9d-0e1f2a3b4c5d',
  number: 42,
  status: 'new',
  tableId: EXAMPLE_TABLE.id,
  tableNumber: 4,
  totalCents: 2300,
  currency: 'eur',
  notes: null,
  createdAt: '2026-11-26T19:04:05.000Z',
  lines: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e',
      menuItemId: EXAMPLE_ITEM.id,
      name: 'Margherita',
      quantity: 2,
      voidedQuantity: 0,
      unitPriceCents: 1150,
      notes: null,
    },
  ],
} as const;

export const v1OrderSchema = z.object({
  id,
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** Null for an order on a tab (a bill without a table). */
  tableId: id.nullable(),
  tableNumber: z.number().int().nullable(),
  /** The order's lines at their prices, voided quantities left out, in the base currency. */
  totalCents: cents,
  currency: z.enum(CURRENCIES),
  notes: z.string().nullable(),
  createdAt: time,
  lines: z.array(v1OrderLineSchema),
});

export type V1Order = z.infer<typeof v1OrderSchema>;

export const V1_ORDER_PAGE_MAX = 100;

export const v1OrderListQuerySchema = z.object({
  /** Orders placed at or after this time. */
  since: time.optional(),
  /** Orders placed before this time. */
  until: time.optional(),
  /** One status, or several separated by commas (`new,preparing`). */
  status: z
    .string()
    .regex(new RegExp(`^(${ORDER_STATUSES.join('|')})(,(${ORDER_STATUSES.join('|')}))*$`))
    .optional(),
  limit: z.coerce.number().int().min(1).max(V1_ORDER_PAGE_MAX).default(50),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});

export const v1OrderListResponseSchema = successResponseSchema(
  z.object({
    orders: z.array(v1OrderSchema),
    /** Pass it as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
).meta({ examples: [{ success: true, data: { orders: [EXAMPLE_ORDER], nextCursor: null } }] });

export const v1OrderResponseSchema = successResponseSchema(v1OrderSchema).meta({
  examples: [{ success: true, data: EXAMPLE_ORDER }],
});

export const v1CreateOrderInputSchema = z
  .object({
    tableId: id,
    items: z
      .array(
        z.object({
          menuItemId: id,
          quantity: z.number().int().min(1).max(99),
          notes: z.string().trim().max(200).optional(),
        }),
      )
      .min(1)
      .max(50),
    notes: z.string().trim().max(500).optional(),
    /** Guests seated when the table has no open bill (1 unless given). */
    guests: z.number().int().min(1).max(99).optional(),
  })
  .meta({
    examples: [
      { tableId: EXAMPLE_TABLE.id, items: [{ menuItemId: EXAMPLE_ITEM.id, quantity: 2 }] },
    ],
  });

export type V1CreateOrderInput = z.infer<typeof v1CreateOrderInputSchema>;

export const v1CreatedOrderResponseSchema = successResponseSchema(
  z.object({
    order: v1OrderSchema,
    /** True when this answers a retry with an Idempotency-Key already used: the first order. */
    replayed: z.boolean(),
  }),
).meta({ examples: [{ success: true, data: { order: EXAMPLE_ORDER, replayed: false } }] });

export const v1TicketSchema = z.object({
  id,
  orderId: id,
  orderNumber: z.number().int(),
  tableNumber: z.number().int().nullable(),
  station: stationSlugSchema,
  status: z.enum(TICKET_STATUSES),
  createdAt: time,
  lines: z.array(
    z.object({ name: z.string(), quantity: z.number().int(), notes: z.string().nullable() }),
  ),
});

const EXAMPLE_TICKET = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6f',
  orderId: EXAMPLE_ORDER.id,
  orderNumber: 42,
  tableNumber: 4,
  station: 'kitchen',
  status: 'new',
  createdAt: '2026-11-26T19:04:05.000Z',
  lines: [{ name: 'Margherita', quantity: 2, notes: null }],
} as const;

export const v1TicketListQuerySchema = z.object({
  station: stationSlugSchema.optional(),
});

export const v1TicketListResponseSchema = successResponseSchema(
  z.object({ tickets: z.array(v1TicketSchema) }),
).meta({ examples: [{ success: true, data: { tickets: [EXAMPLE_TICKET] } }] });

/**
 * A bump moves a ticket one step on (new → preparing → ready → served); `status`, when given,
 * is the status the caller saw, so a bump made twice by mistake is refused the second time.
 */
export const v1BumpTicketInputSchema = z
  .object({ status: z.enum(['new', 'preparing', 'ready']).optional() })
  .meta({ examples: [{ status: 'new' }] });

export const v1TicketResponseSchema = successResponseSchema(v1TicketSchema).meta({
  examples: [{ success: true, data: { ...EXAMPLE_TICKET, status: 'preparing' } }],
});

export const v1PaymentSchema = z.object({
  id,
  /** The bill it was taken for. */
  billId: id,
  tableId: id.nullable(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATES),
  amountCents: cents,
  tipCents: cents,
  currency: z.enum(CURRENCIES),
  createdAt: time,
});

export const v1DateQuerySchema = z.object({
  /** A business day (YYYY-MM-DD); today's when left out. */
  date: date.optional(),
});

export const v1PaymentListResponseSchema = successResponseSchema(
  z.object({ date, payments: z.array(v1PaymentSchema) }),
).meta({
  examples: [
    {
      success: true,
      data: {
        date: '2026-11-26',
        payments: [
          {
            id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
            billId: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
            tableId: EXAMPLE_TABLE.id,
            method: 'card',
            status: 'captured',
            amountCents: 2300,
            tipCents: 200,
            currency: 'eur',
            createdAt: '2026-11-26T20:15:00.000Z',
          },
        ],
      },
    },
  ],
});

const figure = z.object({ count: z.number().int(), totalCents: cents });

export const v1DailyFiguresSchema = z.object({
  date,
  status: z.enum(['open', 'closed']),
  currency: z.enum(CURRENCIES),
  orders: figure,
  bills: figure,
  payments: figure.extend({ tipsCents: cents }),
  openBills: figure,
});

export const v1DailyFiguresResponseSchema = successResponseSchema(v1DailyFiguresSchema).meta({
  examples: [
    {
      success: true,
      data: {
        date: '2026-11-26',
        status: 'open',
        currency: 'eur',
        orders: { count: 12, totalCents: 41250 },
        bills: { count: 9, totalCents: 33100 },
        payments: { count: 10, totalCents: 35000, tipsCents: 1900 },
        openBills: { count: 3, totalCents: 8150 },
      },
    },
  ],
});

const parts = (total: number) => ({ net: total, service: 0, tax: 0, total });
const EXAMPLE_Z_REPORT = {
  orders: { ...parts(412.5), count: 12 },
  voids: { ...parts(0), wholeOrders: 0, items: 0 },
  bills: { ...parts(331), count: 9 },
  payments: {
    count: 10,
    amount: 331,
    tips: 19,
    total: 350,
    byMethod: [{ method: 'card', count: 10, amount: 331, tips: 19, total: 350 }],
  },
  taxRates: [{ ...parts(331), taxRate: 0 }],
  transactionFee: { rate: 1.9, base: 331, fee: 6.29 },
  openBills: {
    count: 3,
    total: 81.5,
    bills: [{ tableNumber: 4, openedAt: '2026-11-26T19:04:05.000Z', orders: 1, total: 23 }],
  },
  reconciliation: {
    ordersLessVoids: 412.5,
    bills: 331,
    billsPlusTips: 350,
    payments: 350,
    balanced: true,
  },
  date: '2026-11-26',
  dayClosesAt: '02:00',
  seatedTables: [4],
  restaurantName: 'Tavola Demo Bistro',
  timezone: 'Europe/Rome',
  currency: 'eur',
  status: 'open',
  today: '2026-11-26',
  generatedAt: '2026-11-26T22:00:00.000Z',
  closedAt: null,
  closedBy: null,
  reopenedAt: null,
  reopenedBy: null,
  reopenReason: null,
} as const;

/**
 * The Z report as the staff screens show it: its amounts are in decimal units of the currency
 * (the fiscal document's own figures), unlike the rest of v1.
 */
export const v1ZReportResponseSchema = successResponseSchema(zReportSchema).meta({
  examples: [{ success: true, data: EXAMPLE_Z_REPORT }],
});

/** GET /api/v1/openapi.json: an OpenAPI 3.1 document (its parts are checked by the linter). */
export const v1OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
