import type { RefusalCode } from './refusals.js';

/**
 * The refusals a guest at a table can meet (public menu, orders, requests, reviews, and the
 * limits in front of them). A guest language without a staff catalog words each of these; the
 * option rules' refusals are worded by the option chooser's own catalog, which says them first.
 */
export const GUEST_REFUSAL_CODES = [
  'GUEST_TABLE_NOT_FOUND',
  'RESTAURANT_UNAVAILABLE_FOR_GUESTS',
  'TABLE_NOT_TAKING_ORDERS',
  'TABLE_BEING_SETTLED',
  'NOTHING_TO_PAY',
  'MENU_ITEM_UNKNOWN',
  'MENU_ITEM_UNAVAILABLE',
  'ORDER_QUANTITY_ABOVE_MAX',
  'ORDER_TOTAL_ABOVE_MAX',
  'BILL_TOTAL_LIMIT_REACHED',
  'REVIEW_NO_VISIT',
  'REVIEW_BEFORE_ORDER',
  'REVIEW_ALREADY_LEFT',
  'INVALID_TOKENS_RATE_LIMITED',
  'TABLE_RATE_LIMITED',
  'REQUESTS_RATE_LIMITED',
  'REQUESTS_RATE_LIMITED_LATER',
  'TRIAL_ENDED_FOR_GUESTS',
  'PLATFORM_MAINTENANCE_FOR_GUESTS',
  'ORDERING_PAUSED_MAINTENANCE',
  'ORDERING_PAUSED_GUEST_ORDERS_OFF',
  'PAY_SPLIT_LINE_PAID',
  'PAY_SPLIT_ABOVE_BALANCE',
  'PAY_BALANCE_CHANGED',
  'PAY_NOTHING_LEFT',
  'PAY_LINE_UNKNOWN',
  'PAYMENT_PROVIDER_NOT_CONNECTED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
] as const satisfies readonly RefusalCode[];

export type GuestRefusalCode = (typeof GUEST_REFUSAL_CODES)[number];
