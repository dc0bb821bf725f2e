import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { refusalsEn } from '../i18n/catalogs/en.js';

/**
 * "Forgot password?" on the staff login page: a restaurant account with a verified email address
 * gets a short-lived single-use link to choose a new password. The answer to asking is the same
 * whether or not the account exists or has such an address.
 */

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** The one answer to "Forgot password?", whatever the username. */
export const PASSWORD_RESET_REQUESTED =
  'If this account has a verified email address, we have sent it a link to choose a new password. The link works once, for 30 minutes.';

/** Unknown, used and expired links answer alike. */
export const PASSWORD_RESET_LINK_INVALID = refusalsEn.PASSWORD_RESET_LINK_INVALID;

/** POST /api/auth/password/forgot (public, rate limited). */
export const passwordForgotInputSchema = z.object({
  username: z
    .string({ error: 'Please enter your username' })
    .trim()
    .min(1, 'Please enter your username')
    .max(64, 'Username is too long'),
});

export type PasswordForgotInput = z.input<typeof passwordForgotInputSchema>;

export const passwordForgotResponseSchema = successResponseSchema(
  z.object({ message: z.string() }),
);

/** POST /api/auth/password/reset (public: the link's token is the proof). */
export const passwordResetInputSchema = z.object({
  token: z
    .string({ error: PASSWORD_RESET_LINK_INVALID })
    .trim()
    .min(1, PASSWORD_RESET_LINK_INVALID)
    .max(200, PASSWORD_RESET_LINK_INVALID),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is too long'),
});

export type PasswordResetInput = z.input<typeof passwordResetInputSchema>;

export const passwordResetResponseSchema = successResponseSchema(
  z.object({ username: z.string() }),
);
