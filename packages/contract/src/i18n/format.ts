import type { GuestLocale } from './locales.js';

/**
 * The one place numbers, money and dates become text, for the screens, the PDFs, the CSVs and
 * the emails. Each language names the Intl locales it formats with; English keeps the formats
 * the product has always shown: money in the Indian-English style the spec asks for (€1,23,456.50
 * for large amounts), counts with US grouping (12,345), and day-first dates (1 Nov 2026). The other
 * languages format as their readers expect (12,50 € in Italian, German, French and Spanish).
 */
const INTL_TAGS: Record<GuestLocale, { money: string; number: string; date: string }> = {
  en: { money: 'en-IN', number: 'en-US', date: 'en-GB' },
  it: { money: 'it-IT', number: 'it-IT', date: 'it-IT' },
  de: { money: 'de-DE', number: 'de-DE', date: 'de-DE' },
  fr: { money: 'fr-FR', number: 'fr-FR', date: 'fr-FR' },
  es: { money: 'es-ES', number: 'es-ES', date: 'es-ES' },
};

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A decimal amount of money with its currency sign: formatMoney(12.5, 'eur') is "€12.50". */
export function formatMoney(amount: number, currency: string, locale: GuestLocale = 'en'): string {
  return numberFormat(INTL_TAGS[locale].money, {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount);
}

/** Integer minor units of money, formatted as `formatMoney` does: 1250 EUR is "€12.50". */
export function formatCents(cents: number, currency: string, locale: GuestLocale = 'en'): string {
  return formatMoney(Math.round(cents) / 100, currency, locale);
}

/** A number for people to read: formatNumber(12345) is "12,345". */
export function formatNumber(
  value: number,
  locale: GuestLocale = 'en',
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(INTL_TAGS[locale].number, options).format(value);
}

/**
 * A date or moment in words (`{ dateStyle: 'medium' }` is "1 Nov 2026" in English). Pass a
 * `timeZone` for a moment on a restaurant's clock; a zone this runtime does not know falls back
 * to the runtime's own rather than failing a whole page or document.
 */
export function formatDate(
  at: Date | string | number,
  options: Intl.DateTimeFormatOptions,
  locale: GuestLocale = 'en',
): string {
  const tag = INTL_TAGS[locale].date;
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(tag, options);
    } catch {
      const { timeZone: _unknown, ...rest } = options;
      format = new Intl.DateTimeFormat(tag, rest);
    }
    dateFormats.set(key, format);
  }
  return format.format(at instanceof Date ? at : new Date(at));
}

/** The plural category of a count in a language ('one', 'other', and more in some languages). */
export function pluralCategory(count: number, locale: GuestLocale = 'en'): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_TAGS[locale].number);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}
