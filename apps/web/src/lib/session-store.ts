import { DEFAULT_LOCALE, isLocale, SESSION_STORAGE_KEY, type User } from '@tavola/contract';
import { setLocale } from './i18n';

export interface StoredSession {
  token: string;
  user: User;
}

type Listener = () => void;

/** The signed-in user's language for every `t()` and formatted amount; English when signed out. */
function speakFor(session: StoredSession | null): void {
  const chosen = session?.user.locale;
  const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  setLocale(locale);
  // The staff screens' words in another language load on demand (each screen speaks English
  // until they arrive, then renders again).
  if (locale === 'it') void import('@/locales/staff-it');
}

let current: StoredSession | null = readStoredSession();
speakFor(current);
const listeners = new Set<Listener>();

/** A stored session is valid only if it parses and has a non-empty string token. */
export function readStoredSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { token?: unknown }).token === 'string' &&
      (parsed as { token: string }).token.length > 0 &&
      typeof (parsed as { user?: unknown }).user === 'object' &&
      (parsed as { user?: unknown }).user !== null
    ) {
      return parsed as StoredSession;
    }
  } catch {
    // Unparseable: treated as no session.
  }
  return null;
}

export const sessionStore = {
  get: (): StoredSession | null => current,
  set: (session: StoredSession | null): void => {
    current = session;
    speakFor(session);
    try {
      if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
      else localStorage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Private browsing without storage: the session lives for this page only.
    }
    for (const listener of listeners) listener();
  },
  clear: (): void => sessionStore.set(null),
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
