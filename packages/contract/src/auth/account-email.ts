import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { refusalsEn } from '../i18n/catalogs/en.js';

/**
 * An account's own email address (an owner gives it at sign-up): for password recovery and
 * trial reminders, used only once its owner has opened the link mailed to it.
 */

/** What a single-use link mailed to an account is for. */
export const ACCOUNT_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;

export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;

/** What became of the verification link when an address was given. */
export const EMAIL_VERIFICATION_OUTCOMES = [
  /** Mailed: the owner opens it from their inbox. */
  'sent',
  /** The mail server refused or could not be reached: ask again later from Settings. */
  'not_sent',
  /** This server has no mail configured: nothing was sent; it is sent once mail is available. */
  'mail_unavailable',
] as const;

export type EmailVerificationOutcome = (typeof EMAIL_VERIFICATION_OUTCOMES)[number];

/** What the owner reads about the link, by outcome. */
export const EMAIL_VERIFICATION_MESSAGES: Record<EmailVerificationOutcome, string> = {
  sent: 'We sent a link to verify your email address. Open it to confirm the address is yours.',
  not_sent:
    'We could not send the verification link just now. Send it again from Settings in a moment.',
  mail_unavailable:
    'Email is not set up on this server yet, so nothing was sent. Your address will be verified when mail is available.',
};

export const accountEmailSchema = z
  .email({ error: 'Enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Email address is too long');

/** PUT /api/auth/email: change the address (it is unverified until its link is opened). */
export const accountEmailInputSchema = z.object({ email: accountEmailSchema });

export type AccountEmailInput = z.input<typeof accountEmailInputSchema>;

/** GET and PUT /api/auth/email. */
export const accountEmailStatusSchema = z.object({
  email: z.string().nullable(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** Whether this server can mail links at all. */
  mailAvailable: z.boolean(),
  /** After a change or a resend: what became of the link. */
  verification: z.enum(EMAIL_VERIFICATION_OUTCOMES).optional(),
});

export type AccountEmailStatus = z.infer<typeof accountEmailStatusSchema>;

export const accountEmailStatusResponseSchema = successResponseSchema(accountEmailStatusSchema);

/** POST /api/auth/email/verify (public: the link's token is the proof). */
export const emailVerifyInputSchema = z.object({
  token: z
    .string({ error: 'This verification link is incomplete' })
    .trim()
    .min(1, 'This verification link is incomplete')
    .max(200, 'This verification link is not valid'),
});

export const emailVerifyResponseSchema = successResponseSchema(
  z.object({ email: z.string(), verified: z.literal(true) }),
);

/** Why a verification link does not work (one answer for unknown, used and expired links). */
export const EMAIL_LINK_INVALID = refusalsEn.EMAIL_LINK_INVALID;
