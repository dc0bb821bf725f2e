import { z } from 'zod';
import { ROLES } from './roles.js';
import { loginChallengeSchema } from './security.js';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { SUPPORTED_LOCALES } from '../i18n/locales.js';

export const USER_STATUSES = ['active', 'off_duty', 'inactive'] as const;

export type UserStatus = (typeof USER_STATUSES)[number];

export const loginInputSchema = z.object({
  username: z
    .string({
      error: (iss) => (iss.input === undefined ? 'Username is required' : 'Username must be text'),
    })
    .trim()
    .min(1, 'Please enter both username and password')
    .max(64, 'Username is too long')
    .check(singleLine('Username')),
  password: z
    .string({
      error: (iss) => (iss.input === undefined ? 'Password is required' : 'Password must be text'),
    })
    .min(1, 'Please enter both username and password')
    .max(256, 'Password is too long'),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

/** The signed-in user, as the server sends it (snake_case restaurant_id, as read by the web). */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  restaurant_id: z.string().nullable(),
  permissions: z.array(z.string()),
  name: z.string(),
  status: z.enum(USER_STATUSES),
  /** The language the user's screens speak. */
  locale: z.enum(SUPPORTED_LOCALES).optional(),
  /**
   * The user's restaurant (null for the platform team). Its IANA `timezone` is the clock every
   * staff screen shows, whatever the device's own zone.
   */
  restaurant: z
    .object({
      id: z.string(),
      name: z.string(),
      is_demo: z.boolean(),
      timezone: z.string(),
      /**
       * The restaurant's notifications setting: off, staff screens make no
       * sound and show no pop-up alerts (the bell still lists everything).
       */
      notifications_enabled: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  /**
   * A team account only: the team requires two-factor sign-in and this account has not set it
   * up. Until it has, nothing but its own set-up (and signing out) answers it.
   */
  two_factor_enrolment_required: z.boolean().optional(),
});

export type User = z.infer<typeof userSchema>;

export const loginDataSchema = z.object({
  token: z.string(),
  user: userSchema,
  expiresAt: z.string(),
});

/**
 * A signed-in session, or (for an account with two-factor sign-in) a challenge to answer with
 * a code at POST /api/auth/login/two-factor, which then gives the session.
 */
export const loginResponseSchema = successResponseSchema(
  z.union([loginDataSchema, loginChallengeSchema]),
);

/** POST /api/auth/login/two-factor. */
export const loginSessionResponseSchema = successResponseSchema(loginDataSchema);

export type LoginData = z.infer<typeof loginDataSchema>;

export const profileResponseSchema = successResponseSchema(userSchema);

export const logoutResponseSchema = successResponseSchema(z.object({ loggedOut: z.literal(true) }));

/** How long a staff bearer token lives by default, in hours. */
export const SESSION_TTL_HOURS = 24;
