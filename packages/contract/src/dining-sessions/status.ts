export const DINING_SESSION_STATUSES = ['open', 'closed'] as const;

export const BILL_PAYMENT_STATUSES = ['none', 'pending', 'paid'] as const;

export const SUMMARY_POLL_MS = 8000;

export const SESSION_MAX_TOTAL_CENTS = 20_000_000;

/** Why a dining session ended. */
export const SESSION_CLOSE_REASONS = ['paid', 'idle', 'closed_by_staff'] as const;
export type SessionCloseReason = (typeof SESSION_CLOSE_REASONS)[number];

/**
 * A session with no orders ends by itself after this many minutes without guest activity (a
 * scan, an order, a request); each restaurant sets its own within these bounds.
 */
export const SESSION_IDLE_MINUTES_DEFAULT = 30;
export const SESSION_IDLE_MINUTES_MIN = 5;
export const SESSION_IDLE_MINUTES_MAX = 720;
