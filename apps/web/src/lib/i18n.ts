import { useSyncExternalStore } from 'react';
import {
  DEFAULT_LOCALE,
  formatMessage,
  type GuestLocale,
  type MessageParams,
} from '@tavola/contract';

/**
 * The web's words in the reader's language: `t()` over small per-screen catalogs (the server's
 * refusals are worded in `refusals.ts`). Our own function over the contract's message
 * format rather than a library: the guest page must stay within its script budget, the server
 * words its refusals from the same catalogs, and a typed key per catalog catches a missing text
 * at build time. English is written beside each screen; the other languages are separate modules
 * loaded on demand (`addMessages`), so a page carries no language its reader does not read.
 */
let current: GuestLocale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export function getLocale(): GuestLocale {
  return current;
}

/** The language every later `t()` speaks (a guest's, a restaurant's or a user's choice). */
export function setLocale(locale: GuestLocale): void {
  if (locale === current) return;
  current = locale;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current language; the component renders again when it changes or its catalogs arrive. */
export function useLocale(): GuestLocale {
  useSyncExternalStore(subscribe, () => version);
  return current;
}

/** Changes whenever the language does or one of its catalogs arrives (a key to render anew by). */
export function useLocaleVersion(): number {
  return useSyncExternalStore(subscribe, () => version);
}

// Bumped when a language changes or a catalog arrives, so the screens render their words again.
let version = 0;
listeners.add(() => version++);

export interface Messages<K extends string> {
  (key: K, params?: MessageParams): string;
  /** The English catalog: every other language has exactly its keys. */
  readonly en: Readonly<Record<K, string>>;
  /** Adds a language's catalog (a language module does, as it loads). */
  add(locale: GuestLocale, catalog: Readonly<Record<K, string>>): void;
}

/**
 * A screen's catalog: its English texts, and any other language's (each with every key). The
 * returned `t(key, params)` speaks the current language, English where it has no catalog (yet).
 */
export function defineMessages<const K extends string>(
  catalogs: { en: Record<K, string> } & Partial<Record<GuestLocale, Record<K, string>>>,
): Messages<K> {
  const known: Partial<Record<GuestLocale, Readonly<Record<K, string>>>> = { ...catalogs };
  const t = (key: K, params?: MessageParams) =>
    formatMessage((known[current] ?? catalogs.en)[key], params, current);
  return Object.assign(t, {
    en: catalogs.en,
    add(locale: GuestLocale, catalog: Readonly<Record<K, string>>) {
      known[locale] = catalog;
      if (locale === current) notify();
    },
  });
}

/** A language module's catalogs, each for the screen whose English it translates. */
export type Translation<M extends { readonly en: object }> = Readonly<
  Record<keyof M['en'] & string, string>
>;
