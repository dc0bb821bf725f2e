import { DEFAULT_LOCALE, isGuestLocale, pickGuestLocale, type GuestLocale } from '@tavola/contract';

/** The guest's own choice of language, remembered on the device for every table. */
const STORAGE_KEY = 'tavola.guest.language';

// Each language is its own chunk: the page's first load carries English only.
const LOADERS: Record<Exclude<GuestLocale, 'en'>, () => Promise<unknown>> = {
  it: () => import('./locales/it'),
  de: () => import('./locales/de'),
  fr: () => import('./locales/fr'),
  es: () => import('./locales/es'),
};

export function storedGuestLocale(): GuestLocale | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isGuestLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language chosen on this device, else the browser's first the page speaks, else English. */
export function initialGuestLocale(): GuestLocale {
  return (
    storedGuestLocale() ??
    pickGuestLocale(navigator.languages?.length ? navigator.languages : [navigator.language]) ??
    DEFAULT_LOCALE
  );
}

/** Keeps the guest's choice for their next visit, at any table. */
export function rememberGuestLocale(locale: GuestLocale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private browsing without storage: the choice lasts for this page.
  }
}

/** Loads a language's words for the guest page (English is always there). */
export async function loadGuestLocale(locale: GuestLocale): Promise<void> {
  if (locale !== 'en') await LOADERS[locale]();
}
