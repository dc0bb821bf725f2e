import { t as allergens } from '@/components/allergens/messages';
import { t as options } from '@/components/options/messages';
import type { GuestLocale } from '@tavola/contract';
import type { Translation } from '@/lib/i18n';
import { t as order } from '../messages';
import { t as receipt } from '../receipt-messages';
import { t as review } from '../review-messages';

/** The guest page's catalogs (the page, the receipt, the review form, the option chooser). */
export const GUEST_MESSAGES = { order, receipt, review, allergens, options };

/** One language's words for every guest catalog, each with exactly the English keys. */
export type GuestCatalogs = {
  [K in keyof typeof GUEST_MESSAGES]: Translation<(typeof GUEST_MESSAGES)[K]>;
};

export function register(locale: GuestLocale, catalogs: GuestCatalogs): GuestCatalogs {
  order.add(locale, catalogs.order);
  receipt.add(locale, catalogs.receipt);
  review.add(locale, catalogs.review);
  allergens.add(locale, catalogs.allergens);
  options.add(locale, catalogs.options);
  return catalogs;
}
