import { DEFAULT_LOCALE, formatMessage, type Locale, type MessageParams } from '@tavola/contract';

/**
 * The web's words in the reader's language: `t()` over small per-screen catalogs (the server's
 * refusals are worded in `refusals.ts`). Our own function over the contract's message
 * format rather than a library: the guest page must stay within its script budget, the server
 * words its refusals from the same catalogs, and a typed key per catalog catches a missing text
 * at build time. English is the only language so far.
 */
let current: Locale = DEFAULT_LOCALE;

export function getLocale(): Locale {
  return current;
}

/** The language every later `t()` speaks (a restaurant's or a user's choice). */
export function setLocale(locale: Locale): void {
  current = locale;
}

/**
 * A screen's catalog: its English texts, and any other language's (each with every key). The
 * returned `t(key, params)` speaks the current language, English where it has no catalog.
 */
export function defineMessages<const K extends string>(
  catalogs: { en: Record<K, string> } & Partial<Record<Locale, Record<K, string>>>,
): (key: K, params?: MessageParams) => string {
  return (key, params) => formatMessage((catalogs[current] ?? catalogs.en)[key], params, current);
}
