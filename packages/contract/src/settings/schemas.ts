import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { dayClosesAtSchema } from '../business-days/schemas.js';
import { SESSION_IDLE_MINUTES_MAX, SESSION_IDLE_MINUTES_MIN } from '../dining-sessions/status.js';
import { localeSchema } from '../i18n/locale-schema.js';
import { SUPPORTED_LOCALES } from '../i18n/locales.js';
import { SYSTEM_SETTING_LIMITS } from './limits.js';

const idleMinutesRange = `Idle table timeout must be between ${SESSION_IDLE_MINUTES_MIN} and ${SESSION_IDLE_MINUTES_MAX} minutes`;

/** A whole number within a system setting's bounds, with the words a person reads. */
function bounded(key: 'orderTimeoutMinutes' | 'maxTableCapacity', label: string, unit: string) {
  const { min, max } = SYSTEM_SETTING_LIMITS[key];
  const range = `${label} must be between ${min} and ${max} ${unit}`;
  return z
    .number({ error: `${label} must be a number of ${unit}` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, range)
    .max(max, range);
}

const onOff = (label: string) => z.boolean({ error: `${label} must be on or off` });

/** A percentage kept in basis points: at most two decimals (8.25 is 825). */
export const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} is at most 100%`)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      `${label} can have at most two decimals`,
    );

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
  taxRate: percent('Tax rate'),
  serviceCharge: percent('Service charge'),
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
  /** The language of the guest pages, receipts and emails. Left out, it stays as it is. */
  locale: localeSchema.optional(),
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'Public URL must be an http(s) address' })
    .max(300, 'Public URL is too long')
    .check(singleLine('Public URL'))
    .nullable(),
  /**
   * Minutes without guest activity after which a table's session with no orders ends by itself
   * (the table is free again). Left out, it stays as it is.
   */
  sessionIdleMinutes: z
    .number({ error: 'Idle table timeout must be a number of minutes' })
    .int('Idle table timeout must be a whole number of minutes')
    .min(SESSION_IDLE_MINUTES_MIN, idleMinutesRange)
    .max(SESSION_IDLE_MINUTES_MAX, idleMinutesRange)
    .optional(),
  // The system settings. Each left out stays as it is, so a screen
  // that shows only some of them (the manager's Settings dialog) never resets the others.
  /** Whether menu prices include tax (EUR restaurants by default) or tax is added (USD). */
  pricesIncludeTax: onOff('Prices include tax').optional(),
  /** Automatic backups on the Backup tab's schedule. */
  autoBackup: onOff('Auto backup').optional(),
  /** Staff screens' sounds and pop-up alerts (NOTIFICATIONS_SWITCH_HELP). */
  notificationsEnabled: onOff('Notifications').optional(),
  /** Guests cannot order (a notice says why); staff screens work as usual. */
  maintenanceMode: onOff('Maintenance mode').optional(),
  /** Off: guests cannot order from their phones (a notice says so); staff still can. */
  allowGuestOrders: onOff('Allow guest orders').optional(),
  /** An order still new after this long is escalated (urgent, the manager told), never cancelled. */
  orderTimeoutMinutes: bounded('orderTimeoutMinutes', 'Order timeout', 'minutes').optional(),
  /** The most guests a table may seat and a party may number. */
  maxTableCapacity: bounded('maxTableCapacity', 'Max table capacity', 'guests').optional(),
  /**
   * When the business day ends ("04:00" for a bar open past midnight). A change applies from
   * the next change made: days already closed keep what they hold.
   */
  dayClosesAt: dayClosesAtSchema.optional(),
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
  locale: z.enum(SUPPORTED_LOCALES),
  publicUrl: z.string().nullable(),
  sessionIdleMinutes: z.number().int(),
  pricesIncludeTax: z.boolean(),
  autoBackup: z.boolean(),
  notificationsEnabled: z.boolean(),
  maintenanceMode: z.boolean(),
  allowGuestOrders: z.boolean(),
  orderTimeoutMinutes: z.number().int(),
  maxTableCapacity: z.number().int(),
  dayClosesAt: z.string(),
});

export type RestaurantSettingsData = z.infer<typeof restaurantSettingsDataSchema>;

export const restaurantSettingsResponseSchema = successResponseSchema(restaurantSettingsDataSchema);
