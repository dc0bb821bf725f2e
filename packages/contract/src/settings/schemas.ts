import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { SESSION_IDLE_MINUTES_MAX, SESSION_IDLE_MINUTES_MIN } from '../dining-sessions/status.js';

const idleMinutesRange = `Idle table timeout must be between ${SESSION_IDLE_MINUTES_MIN} and ${SESSION_IDLE_MINUTES_MAX} minutes`;

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
  sessionIdleMinutes: z.number().int(),
});

export type RestaurantSettingsData = z.infer<typeof restaurantSettingsDataSchema>;

export const restaurantSettingsResponseSchema = successResponseSchema(restaurantSettingsDataSchema);
