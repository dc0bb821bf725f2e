/**
 * Zod-free (the guest page reads it; its size budget has no room for zod).
 *
 * The languages a restaurant or a user may choose. Only English has a catalog today; a language
 * is added here together with its catalog (every catalog has every key of the English one).
 */
export const SUPPORTED_LOCALES = ['en'] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}
