import { z } from 'zod';
import { successResponseSchema } from './api.js';
import { USER_STATUSES } from './auth.js';
import { CURRENCIES, ORDER_STATUSES, STATIONS, TABLE_STATUSES } from './constants.js';
import { ROLES } from './roles.js';
import { multiLine, singleLine } from './text.js';

/** Spec §5's menu rules, enforced by the server with the same words the form shows. */
const requiredText = (field: string, max: number) =>
  z
    .string({ error: 'Name and category are required' })
    .trim()
    .min(1, 'Name and category are required')
    .max(max, `must be at most ${max} characters`)
    .check(singleLine(field));

export const menuPriceSchema = z
  .number({ error: 'Price must be greater than zero' })
  .refine((n) => Number.isFinite(n) && n > 0, 'Price must be greater than zero')
  .refine((n) => n <= 100_000, 'Price is too large');

export const menuItemInputSchema = z.object({
  name: requiredText('Name', 120),
  category: requiredText('Category', 40),
  price: menuPriceSchema,
  available: z.boolean({ error: 'available must be true or false' }).default(true),
  special: z.boolean({ error: 'special must be true or false' }).default(false),
  description: z
    .string()
    .trim()
    .max(500, 'Description is too long')
    .check(multiLine('Description'))
    .optional(),
  currency: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['EUR', 'USD'], { error: 'Currency must be EUR or USD' }))
    .optional(),
  preparationTime: z
    .number({ error: 'Preparation time must be a number of minutes' })
    .int('Preparation time must be whole minutes')
    .min(1, 'Preparation time must be between 1 and 480 minutes')
    .max(480, 'Preparation time must be between 1 and 480 minutes')
    .optional(),
  tags: z
    .array(z.string().max(40, 'A tag is at most 40 characters').check(singleLine('A tag')), {
      error: 'tags must be a list',
    })
    .max(20, 'At most 20 tags')
    .transform((tags) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))])
    .optional(),
  // https only: the page's Content-Security-Policy loads images from https: alone.
  imageUrl: z
    .url({ protocol: /^https$/, error: 'Image URL must be an https:// address' })
    .max(500, 'Image URL is too long')
    .check(singleLine('Image URL'))
    .optional(),
  station: z.enum(STATIONS).nullable().optional(),
});
export type MenuItemInput = z.infer<typeof menuItemInputSchema>;

/** PUT /api/menu/{id}: a full edit, or only `special` (the flip). */
export const menuItemUpdateSchema = z.union([
  menuItemInputSchema,
  z.object({ special: z.boolean({ error: 'special must be true or false' }) }).strict(),
]);

export const menuListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
});

/** The menu form's body (POST /api/menu, PUT /api/menu/{id}), before the server's defaults. */
export type MenuItemPayload = z.input<typeof menuItemInputSchema>;

/** A menu item as the manager's screens read it (spec §3 'Menu item (manager)'). */
export const managerMenuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string().optional(),
  price: z.number(),
  /** The item's own currency, uppercase (EUR, USD). */
  currency: z.string(),
  available: z.boolean(),
  special: z.boolean(),
  preparationTime: z.number().int().optional(),
  tags: z.array(z.string()),
  imageUrl: z.string().optional(),
});
export type ManagerMenuItem = z.infer<typeof managerMenuItemSchema>;
/** GET /api/menu. */
export const menuListResponseSchema = successResponseSchema(z.array(managerMenuItemSchema));
/** POST /api/menu (201), PUT /api/menu/{id}, PUT /api/menu/{id}/toggle. */
export const menuItemResponseSchema = successResponseSchema(managerMenuItemSchema);
/** GET /api/menu/categories: the categories in use, A to Z. */
export const menuCategoryListSchema = z.array(z.object({ category: z.string() }));
export type MenuCategoryList = z.infer<typeof menuCategoryListSchema>;
export const menuCategoriesResponseSchema = successResponseSchema(menuCategoryListSchema);

/** DELETE /api/menu/{id} and DELETE /api/tables/{id}. */
export const deletedResponseSchema = successResponseSchema(z.object({ deleted: z.literal(true) }));

export const TABLE_EDIT_STATUSES = ['available', 'active', 'maintenance'] as const;

export const tableInputSchema = z.object({
  number: z
    .number({ error: 'Table number must be a number' })
    .int('Table number must be a whole number')
    .min(1, 'Table number must be at least 1')
    .max(9999, 'Table number is too large'),
  capacity: z
    .number({ error: 'Capacity must be a number' })
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1')
    .max(100, 'Capacity is too large'),
  status: z
    .enum(TABLE_EDIT_STATUSES, { error: 'Status must be available, active or maintenance' })
    .optional(),
});

export type TableInput = z.input<typeof tableInputSchema>;

/** A table as the manager's Tables tab lists it (GET /api/tables). */
export const adminTableSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  capacity: z.number().int(),
  status: z.enum(TABLE_STATUSES),
  qrToken: z.string(),
  /** Null until the restaurant (or PUBLIC_URL) gives the address guests' phones reach. */
  orderUrl: z.string().nullable(),
  hasOpenSession: z.boolean(),
});
export type AdminTable = z.infer<typeof adminTableSchema>;
export const tableListResponseSchema = successResponseSchema(z.array(adminTableSchema));
/** POST /api/tables (201). */
export const tableCreatedSchema = z.object({ id: z.string(), number: z.number().int() });
export type TableCreated = z.infer<typeof tableCreatedSchema>;
export const tableCreatedResponseSchema = successResponseSchema(tableCreatedSchema);
/** PUT /api/tables/{id}. */
export const tableUpdatedSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(TABLE_STATUSES),
});
export type TableUpdated = z.infer<typeof tableUpdatedSchema>;
export const tableUpdatedResponseSchema = successResponseSchema(tableUpdatedSchema);
/** POST /api/tables/{id}/rotate-qr: the table's new code. */
export const tableQrSchema = z.object({ qrToken: z.string(), orderUrl: z.string().nullable() });
export type TableQr = z.infer<typeof tableQrSchema>;
export const tableQrResponseSchema = successResponseSchema(tableQrSchema);

export const STAFF_ROLES = ['waiter', 'kitchen', 'bar'] as const;

const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(/^[a-zA-Z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore');

const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long');

export const staffCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100)
    .check(singleLine('Name')),
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(ROLES, { error: 'Role must be waiter, kitchen or bar' }),
  shift: z.string().trim().max(40).check(singleLine('Shift')).optional(),
  status: z.enum(['active', 'off_duty']).default('active'),
});

export const staffUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100).check(singleLine('Name')).optional(),
  password: passwordSchema.optional(),
  role: z.enum(ROLES, { error: 'Role must be waiter, kitchen or bar' }).optional(),
  shift: z.string().trim().max(40).check(singleLine('Shift')).nullable().optional(),
  status: z
    .enum(['active', 'off_duty', 'inactive'], {
      error: 'Status must be active, off_duty or inactive',
    })
    .optional(),
});

export type StaffCreateInput = z.input<typeof staffCreateSchema>;
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;

/** A staff account as the manager's Staff tab lists it. */
export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  shift: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
/** GET /api/staff. */
export const staffListResponseSchema = successResponseSchema(z.array(staffMemberSchema));
/** POST /api/staff (201), PUT /api/staff/{id}, DELETE /api/staff/{id} (deactivates). */
export const staffMemberResponseSchema = successResponseSchema(staffMemberSchema);

/**
 * The most orders one order-history PDF holds (about 85 pages); a longer period is exported as
 * CSV, or in parts.
 */
export const HISTORY_PDF_MAX_ROWS = 5_000;
/** The most orders one order-history CSV holds; above it, a shorter period. */
export const HISTORY_CSV_MAX_ROWS = 100_000;

export const orderHistoryQuerySchema = z.object({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});

/** One order of the history, in the restaurant's currency (voided quantities left out). */
export const historyRowSchema = z.object({
  orderNumber: z.number().int(),
  tableNumber: z.number().int(),
  /** What was sold, e.g. "2× Espresso, 1× Tiramisu". */
  items: z.string(),
  total: z.number(),
  waiter: z.string().nullable(),
  time: z.string(),
  status: z.enum(ORDER_STATUSES),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

/** GET /api/orders/history (format=json): one page of orders, newest first. */
export const historyPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** The restaurant's timezone: times are shown as the restaurant lives them. */
  timezone: z.string(),
  rows: z.array(historyRowSchema),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
export const historyPageResponseSchema = successResponseSchema(historyPageSchema);

/** GET /api/reports/overview: the manager's cards for today. */
export const overviewSchema = z.object({
  currency: z.enum(CURRENCIES),
  todaysRevenue: z.number(),
  ordersToday: z.number().int(),
  activeStaff: z.number().int(),
  /** Percent of tables with an open dining session. */
  tableUtilization: z.number(),
  tablesOccupied: z.number().int(),
  tablesTotal: z.number().int(),
});
export type Overview = z.infer<typeof overviewSchema>;
export const overviewResponseSchema = successResponseSchema(overviewSchema);

const bestSellerSchema = z.object({ name: z.string(), quantity: z.number(), revenue: z.number() });

/** GET /api/reports/analytics: revenue windows, order statistics and best sellers. */
export const analyticsSchema = z.object({
  currency: z.enum(CURRENCIES),
  timezone: z.string(),
  revenue: z.object({ today: z.number(), week: z.number(), month: z.number() }),
  orders: z.object({
    count: z.number().int(),
    averageValue: z.number(),
    averageMinutesToReady: z.number().nullable(),
  }),
  bestSellersByQuantity: z.array(bestSellerSchema),
  bestSellersByRevenue: z.array(bestSellerSchema),
  revenueByHour: z.array(z.object({ hour: z.number().int(), revenue: z.number() })),
  revenueByDay: z.array(
    z.object({ day: z.string(), revenue: z.number(), orders: z.number().int() }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;
export const analyticsResponseSchema = successResponseSchema(analyticsSchema);

/** The smallest exchange rate `numeric(12,6)` keeps. */
export const EXCHANGE_RATE_MIN = 0.000001;

export const restaurantSettingsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120).check(singleLine('Name')),
  currency: z.enum(['eur', 'usd'], { error: 'Currency must be eur or usd' }),
  exchangeRate: z
    .number({ error: 'Exchange rate must be a number' })
    // Stored with six decimals: anything smaller would round to zero.
    .min(EXCHANGE_RATE_MIN, `Exchange rate must be at least ${EXCHANGE_RATE_MIN.toFixed(6)}`)
    .max(1000, 'Exchange rate is too large'),
  taxRate: z
    .number({ error: 'Tax rate must be a number' })
    .min(0, 'Tax rate cannot be negative')
    .max(100, 'Tax rate is at most 100%'),
  serviceCharge: z
    .number({ error: 'Service charge must be a number' })
    .min(0, 'Service charge cannot be negative')
    .max(100, 'Service charge is at most 100%'),
  timezone: z
    .string()
    .min(1)
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown timezone'),
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'Public URL must be an http(s) address' })
    .max(300, 'Public URL is too long')
    .check(singleLine('Public URL'))
    .nullable(),
});
export type RestaurantSettings = z.infer<typeof restaurantSettingsSchema>;

/** The settings as stored (GET and PUT /api/restaurant/settings answer with them). */
export const restaurantSettingsDataSchema = z.object({
  name: z.string(),
  currency: z.enum(CURRENCIES),
  exchangeRate: z.number(),
  taxRate: z.number(),
  serviceCharge: z.number(),
  timezone: z.string(),
  publicUrl: z.string().nullable(),
});
export const restaurantSettingsResponseSchema = successResponseSchema(restaurantSettingsDataSchema);

/**
 * Why table codes cannot be printed yet: printed codes must point where guests' phones reach the
 * restaurant, which the server never guesses from a request.
 */
export const QR_ADDRESS_MISSING =
  "Table codes need this restaurant's public address: set it in Settings (Public URL), or ask your administrator to set PUBLIC_URL.";
