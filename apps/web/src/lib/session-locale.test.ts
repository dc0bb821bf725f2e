import { describe, expect, it } from 'vitest';
import type { Locale, User } from '@tavola/contract';
import { getLocale, setLocale } from './i18n';
import { sessionStore } from './session-store';

const user = (locale?: User['locale']): User => ({
  id: 'u1',
  username: 'anna',
  role: 'manager',
  restaurant_id: 'r1',
  permissions: [],
  name: 'Anna',
  status: 'active',
  ...(locale ? { locale } : {}),
});

// English is the only catalog so far: a language the session did not choose stands for "not
// switched", so the test fails if signing in or out leaves the language as it was.
const elsewhere = 'xx' as Locale;

describe('the session sets the language', () => {
  it("speaks the signed-in user's language", () => {
    setLocale(elsewhere);
    sessionStore.set({ token: 't', user: user('en') });
    expect(getLocale()).toBe('en');
  });

  it('speaks English for a user without a language, and once signed out', () => {
    setLocale(elsewhere);
    sessionStore.set({ token: 't', user: user() });
    expect(getLocale()).toBe('en');
    setLocale(elsewhere);
    sessionStore.clear();
    expect(getLocale()).toBe('en');
  });
});
