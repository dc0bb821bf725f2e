import { catalogProblems, type User } from '@tavola/contract';
import { describe, expect, it, vi } from 'vitest';
import { t as pos } from '@/features/pos/messages';
import { getLocale } from '@/lib/i18n';
import { refusalMessage } from '@/lib/refusals';
import { sessionStore } from '@/lib/session-store';
import staffIt from './staff-it';
import { GUEST_MESSAGES } from '@/features/customer-order/locales/register';
import { STAFF_MESSAGES, type StaffCatalogs } from './staff';

describe('the staff screens in Italian', () => {
  it('has every English key of every staff catalog, with the same placeholders', () => {
    for (const [name, messages] of Object.entries(STAFF_MESSAGES)) {
      expect(catalogProblems(messages.en, staffIt[name as keyof StaffCatalogs]), name).toEqual([]);
    }
  });

  it("speaks an Italian user's language: the screens' words and the server's refusals", async () => {
    const user: User = {
      id: 'u1',
      username: 'giulia',
      role: 'waiter',
      restaurant_id: 'r1',
      permissions: [],
      name: 'Giulia',
      status: 'active',
      locale: 'it',
    };
    sessionStore.set({ token: 't', user });
    expect(getLocale()).toBe('it');
    await vi.waitFor(() => expect(pos('send')).toBe('Invia'));
    expect(pos('guests', { count: 2 })).toBe('2 ospiti');
    expect(refusalMessage('CLOSE_TABLE_UNPAID_ORDERS', { table: 3, count: 1 }, 'server')).toBe(
      'Il tavolo 3 ha 1 ordine non pagato: incassa (Segna pagato), o chiedi a un responsabile di chiuderlo',
    );
    sessionStore.clear();
    expect(pos('send')).toBe('Send');
  });
});

describe('every catalog of the web', () => {
  it('is a guest or a staff catalog, so each language module translates it', () => {
    const modules = import.meta.glob<{ t?: unknown }>('/src/**/*messages.ts', { eager: true });
    const known = new Set<unknown>([
      ...Object.values(STAFF_MESSAGES),
      ...Object.values(GUEST_MESSAGES),
    ]);
    const catalogs = Object.entries(modules).filter(([, m]) => typeof m.t === 'function');
    expect(catalogs.length).toBeGreaterThanOrEqual(8);
    for (const [path, m] of catalogs) expect(known.has(m.t), path).toBe(true);
  });
});
