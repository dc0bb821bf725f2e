import { t as allergens } from '@/components/allergens/messages';
import { t as options } from '@/components/options/messages';
import { t as split } from '@/components/payments/split-messages';
import { t as ui } from '@/components/ui/messages';
import {
  isRefusalCode,
  type GuestLocale,
  type GuestRefusalCode,
  type RefusalCode,
} from '@tavola/contract';
import { addGuestRefusals } from '@/lib/guest-refusals';
import type { Translation } from '@/lib/i18n';
import { t as order } from '../messages';
import { t as pay } from '../pay-messages';
import { t as receipt } from '../receipt-messages';
import { t as review } from '../review-messages';

/**
 * The guest page's catalogs (the page, the receipt, the review form, the option chooser, the pay
 * sheet, the dialogs' and toasts' buttons).
 */
export const GUEST_MESSAGES = { order, receipt, review, allergens, options, pay, split, ui };

/** One language's words for every guest catalog, each with exactly the English keys. */
export type GuestCatalogs = {
  [K in keyof typeof GUEST_MESSAGES]: Translation<(typeof GUEST_MESSAGES)[K]>;
} & {
  /**
   * The server's refusals a guest meets, for a language without a staff catalog (Italian has
   * one); the option rules' refusals come from the chooser's catalog above.
   */
  refusals?: Record<GuestRefusalCode, string>;
};

export function register(locale: GuestLocale, catalogs: GuestCatalogs): GuestCatalogs {
  order.add(locale, catalogs.order);
  receipt.add(locale, catalogs.receipt);
  review.add(locale, catalogs.review);
  allergens.add(locale, catalogs.allergens);
  options.add(locale, catalogs.options);
  pay.add(locale, catalogs.pay);
  split.add(locale, catalogs.split);
  ui.add(locale, catalogs.ui);
  if (catalogs.refusals) {
    const optionRefusals = Object.entries(catalogs.options).filter(
      (entry): entry is [RefusalCode, string] => isRefusalCode(entry[0]),
    );
    addGuestRefusals(locale, { ...Object.fromEntries(optionRefusals), ...catalogs.refusals });
  }
  return catalogs;
}
