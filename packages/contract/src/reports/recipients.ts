import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { refusalsEn } from '../i18n/catalogs/en.js';
import { mailsEn } from '../i18n/catalogs/mail-en.js';
import { refusalText } from '../i18n/messages.js';

/**
 * Who report emails may go to. A schedule may name any address, but the platform mails an
 * address only after its owner proved it wants the reports: the first time a restaurant names
 * it, the address gets one confirmation email (a link to a small page with Confirm and Decline);
 * until it is confirmed the schedule lists it as pending and sends it nothing. Every report email
 * carries a link to stop it (declined: never mailed again for that restaurant).
 *
 * Besides, each restaurant may send a number of emails a day (a platform setting; a smaller one
 * for trials), counted in the database across instances, and "Send now" works once in a while
 * per schedule.
 */
export const REPORT_RECIPIENT_STATUSES = ['pending', 'confirmed', 'declined'] as const;

export type ReportRecipientStatus = (typeof REPORT_RECIPIENT_STATUSES)[number];

export const RECIPIENT_STATUS_LABELS: Record<ReportRecipientStatus, string> = {
  pending: 'waiting for confirmation',
  confirmed: 'confirmed',
  declined: 'declined',
};

/**
 * How long a confirmation link works, and the least time between two confirmation emails to an
 * address for one restaurant: naming it again within that time sends nothing more.
 */
export const CONFIRMATION_LINK_DAYS = 7;

/** Confirmation emails one address may get in a day, from every restaurant together. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

/** How long the stop link in a report email works. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** "Send now" works once per schedule in this many minutes. */
export const SEND_NOW_INTERVAL_MINUTES = 10;

/** The confirmation email's subject: plain, nothing a restaurant chose. */
export const CONFIRMATION_SUBJECT = mailsEn.REPORT_CONFIRMATION_SUBJECT;

/** Send now (409), and a due schedule's log entry, when nobody has confirmed yet. */
export const NO_CONFIRMED_RECIPIENTS = refusalsEn.NO_CONFIRMED_RECIPIENTS;

/** Send now used again too soon (429). */
export const sendNowTooSoon = (minutes: number) =>
  refusalText('SEND_NOW_TOO_SOON', { interval: SEND_NOW_INTERVAL_MINUTES, minutes });

/** The restaurant's emails for the day are used up (429, and the log's reason for what was skipped). */
export const dailyEmailLimitReached = (cap: number) =>
  refusalText('DAILY_EMAIL_LIMIT_REACHED', { cap });

/** A confirmation or stop link that is unknown, used or expired (404). */
export const RECIPIENT_LINK_INVALID = refusalsEn.RECIPIENT_LINK_INVALID;

/** Links carry the token after `#`, so it never reaches a server log or a link scanner's request. */
export const RECIPIENT_LINK_PATH = '/email/confirm';

export const recipientStatusSchema = z.object({
  email: z.string(),
  status: z.enum(REPORT_RECIPIENT_STATUSES),
});

export type RecipientStatus = z.infer<typeof recipientStatusSchema>;

/** POST /api/public/report-recipients/{lookup,confirm,decline} */
export const recipientLinkInputSchema = z.object({
  token: z
    .string({ error: RECIPIENT_LINK_INVALID })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, RECIPIENT_LINK_INVALID),
});

export const RECIPIENT_LINK_PURPOSES = ['confirm', 'unsubscribe'] as const;

export const recipientLinkSchema = z.object({
  email: z.string(),
  /** The restaurant that names the address (its name as text, nothing more). */
  restaurantName: z.string(),
  /** A confirmation link (Confirm or Decline) or a report's stop link. */
  purpose: z.enum(RECIPIENT_LINK_PURPOSES),
  status: z.enum(REPORT_RECIPIENT_STATUSES),
});

export type RecipientLink = z.infer<typeof recipientLinkSchema>;

export const recipientLinkResponseSchema = successResponseSchema(recipientLinkSchema);
