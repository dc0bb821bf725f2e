export const DINING_SESSION_STATUSES = ['open', 'closed'] as const;

export const BILL_PAYMENT_STATUSES = ['none', 'pending', 'paid'] as const;

export const SUMMARY_POLL_MS = 8000;

export const SESSION_MAX_TOTAL_CENTS = 20_000_000;
