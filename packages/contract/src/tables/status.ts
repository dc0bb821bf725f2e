export const DEFAULT_TABLE_TOKEN = 'QR-T1';

export const TABLE_STATUSES = [
  'available',
  'active',
  'waiting_payment',
  'needs_attention',
  'maintenance',
] as const;

export type TableStatus = (typeof TABLE_STATUSES)[number];

/**
 * The table's status machine: each move a table's status makes during service, and the
 * statuses it may make it from. A manager's edit in the Tables tab sets a status directly.
 */
export const TABLE_MOVES = {
  /** Guests sit down: a session opens at a free table. */
  seated: { from: ['available'], to: 'active' },
  /** A guest calls a waiter (a table waiting for payment keeps waiting). */
  calledWaiter: { from: ['available', 'active', 'needs_attention'], to: 'needs_attention' },
  /** A waiter answers the call. */
  answered: { from: ['needs_attention'], to: 'active' },
  /** The guests ask for the bill. */
  billRequested: { from: ['available', 'active', 'needs_attention'], to: 'waiting_payment' },
  /** Everything the table ordered has been served. */
  allServed: { from: ['available', 'active', 'needs_attention'], to: 'waiting_payment' },
  /** The bill is paid: the table is free again (a closed table stays closed). */
  paid: { from: ['active', 'needs_attention', 'waiting_payment', 'available'], to: 'available' },
  /**
   * The table's session ends without a payment: nobody ordered and it went idle, or staff closed
   * it. The table is free again (a closed table stays closed).
   */
  closed: { from: ['active', 'needs_attention', 'waiting_payment', 'available'], to: 'available' },
} as const satisfies Record<string, { from: readonly TableStatus[]; to: TableStatus }>;

export type TableMove = keyof typeof TABLE_MOVES;

export const TABLE_EDIT_STATUSES = ['available', 'active', 'maintenance'] as const;
