/**
 * Zod-free (the guest page reads it; its size budget has no room for zod).
 *
 * The languages a restaurant or a user may choose for the staff screens: each has a complete
 * catalog of every staff text and every refusal. A language is added here together with its
 * catalogs (every catalog has every key of the English one; `catalogs.test.ts` checks it).
 */
export const SUPPORTED_LOCALES = ['en', 'it'] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * The languages the guest page speaks (its own words, and the menu's where the manager translated
 * them): the staff languages and more, as a tourist at the table may read none of those.
 */
export const GUEST_LOCALES = ['en', 'it', 'de', 'fr', 'es'] as const;

export type GuestLocale = (typeof GUEST_LOCALES)[number];

export function isGuestLocale(value: unknown): value is GuestLocale {
  return typeof value === 'string' && (GUEST_LOCALES as readonly string[]).includes(value);
}

/** Each guest language named in itself, as the guest page's switcher lists it. */
export const GUEST_LOCALE_NAMES: Record<GuestLocale, string> = {
  en: 'English',
  it: 'Italiano',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/**
 * The first guest language among a reader's preferences (`navigator.languages`, or the tags of an
 * `Accept-Language` header in order), matched by their primary subtag: `de-AT` reads German.
 */
export function pickGuestLocale(preferences: readonly string[]): GuestLocale | null {
  for (const tag of preferences) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isGuestLocale(primary)) return primary;
  }
  return null;
}

/**
 * The tags of an `Accept-Language` header, most preferred first (by `q`, then by order); tags with
 * `q=0` are refused by the reader and left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.tag);
}
