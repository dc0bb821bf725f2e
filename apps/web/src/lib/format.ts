import { formatMoney as formatMoneyIn, type Currency } from '@tavola/contract';
import { getLocale } from './i18n';

/** Money as every screen shows it, in the reader's language (the contract's formatting module). */
export function formatMoney(amount: number, currency: Currency | Uppercase<Currency>): string {
  return formatMoneyIn(amount, currency, getLocale());
}

/** Sums money amounts without floating-point drift, by working in cents. */
export function sumMoney(amounts: number[]): number {
  return amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
}

const timeFormats = {
  time: { hour: '2-digit', minute: '2-digit' },
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment on the restaurant's clock: every staff screen shows times in the
 * restaurant's time zone (`timeZone`, from the signed-in user's restaurant or a report), never in
 * the device's. Without a zone (an old stored session) or with one this browser does not know,
 * the device's zone stands in.
 */
export function formatTime(
  at: Date | string,
  timeZone: string | undefined,
  style: keyof typeof timeFormats = 'time',
): string {
  const key = `${style} ${timeZone ?? ''}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(undefined, { ...timeFormats[style], timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat(undefined, timeFormats[style]);
    }
    timeFormatters.set(key, formatter);
  }
  return formatter.format(typeof at === 'string' ? new Date(at) : at);
}
