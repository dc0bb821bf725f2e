import type { GuestLocale, RefusalCode } from '@tavola/contract';

/**
 * The refusals a guest at a table meets, in the guest languages that have no staff catalog (each
 * guest language module adds its own as it loads; `refusals.ts` reads them).
 */
const byLocale = new Map<GuestLocale, Partial<Record<RefusalCode, string>>>();

export function addGuestRefusals(
  locale: GuestLocale,
  texts: Partial<Record<RefusalCode, string>>,
): void {
  byLocale.set(locale, texts);
}

export function guestRefusal(locale: GuestLocale, code: RefusalCode): string | undefined {
  return byLocale.get(locale)?.[code];
}
