import { describe, expect, it } from 'vitest';
import { refusalsEn } from './catalogs/en.js';
import { formatCents, formatDate, formatMoney, formatNumber, pluralCategory } from './format.js';
import { localeSchema } from './locale-schema.js';
import {
  acceptedLanguages,
  isGuestLocale,
  isLocale,
  pickGuestLocale,
  SUPPORTED_LOCALES,
} from './locales.js';
import { formatMessage } from './message-format.js';
import { REFUSAL_CATALOGS, refusalText } from './messages.js';
import { isRefusalCode, REFUSAL_KINDS } from './refusals.js';

describe('formatMessage', () => {
  it('fills in named values and leaves a missing one visible', () => {
    expect(formatMessage('The business day {date} is closed', { date: '2026-11-26' })).toBe(
      'The business day 2026-11-26 is closed',
    );
    expect(formatMessage('Table {table} of {waiter}', { table: 4 })).toBe('Table 4 of {waiter}');
    expect(formatMessage('No placeholders at all')).toBe('No placeholders at all');
  });

  it('formats numbers and picks plural forms by the language', () => {
    const t = '{n, number} {n, plural, =0 {nothing} one {# order} other {# orders}}';
    expect(formatMessage(t, { n: 0 })).toBe('0 nothing');
    expect(formatMessage(t, { n: 1 })).toBe('1 1 order');
    expect(formatMessage(t, { n: 12345 })).toBe('12,345 12,345 orders');
  });

  it('selects by value, with other as the fallback', () => {
    const t = 'Choose a shorter period{f, select, PDF {, or export CSV} other {}}.';
    expect(formatMessage(t, { f: 'PDF' })).toBe('Choose a shorter period, or export CSV.');
    expect(formatMessage(t, { f: 'CSV' })).toBe('Choose a shorter period.');
  });

  it('keeps an unbalanced brace as text', () => {
    expect(formatMessage('odd { brace', {})).toBe('odd { brace');
  });
});

describe('the refusal catalog', () => {
  it('words refusals exactly as the server always has', () => {
    expect(refusalText('DAY_CLOSED', { date: '2026-11-26' })).toBe(
      'The business day 2026-11-26 is already closed',
    );
    expect(refusalText('CLOSE_TABLE_UNPAID_ORDERS', { table: 3, count: 1 })).toBe(
      'Table 3 has 1 unpaid order: take the payment (Mark Paid), or ask a manager to close it',
    );
    expect(refusalText('CLOSE_TABLE_UNPAID_ORDERS', { table: 3, count: 2 })).toBe(
      'Table 3 has 2 unpaid orders: take the payment (Mark Paid), or ask a manager to close it',
    );
    expect(refusalText('VOID_QUANTITY_ABOVE_LEFT', { left: 1, item: 'Soup', order: 7 })).toBe(
      'Only 1 × Soup is left to void on order #7',
    );
    expect(
      refusalText('EXPORT_TOO_MANY_ORDERS', { total: 250000, max: 100000, format: 'PDF' }),
    ).toBe(
      'This period has 250,000 orders; a PDF export holds at most 100,000 orders. Choose a shorter period, or export CSV.',
    );
    expect(
      refusalText('USERNAME_UNAVAILABLE', { username: 'marco', suggestion: 'marco.roma' }),
    ).toBe('The username "marco" is not available. Choose another one, such as "marco.roma".');
    expect(refusalText('USERNAME_UNAVAILABLE', { username: 'marco', suggestion: null })).toBe(
      'The username "marco" is not available. Choose another one.',
    );
    expect(refusalText('MAX_CAPACITY_BELOW_TABLE', { table: 4, capacity: 8 })).toBe(
      'Table 4 seats 8 guests: lower its capacity first, or set the max table capacity to 8 or more',
    );
    expect(refusalText('REPORT_SCHEDULES_LIMIT', { max: 20 })).toBe(
      'A restaurant can have at most 20 report schedules. Remove one, or add recipients to one you have.',
    );
    expect(refusalText('SUPPORT_TOO_MANY_OPEN', { max: 10 })).toBe(
      'This restaurant already has 10 open support tickets. Please write on one of them, or wait until one is resolved.',
    );
    expect(refusalText('STAFF_ROLE_CREATE_NOT_ALLOWED', { role: 'admin' })).toBe(
      'You cannot create admin accounts',
    );
  });

  it('has a text for every code in every language, and a kind for every text', () => {
    for (const locale of SUPPORTED_LOCALES) {
      expect(Object.keys(REFUSAL_CATALOGS[locale]).sort()).toEqual(
        Object.keys(REFUSAL_KINDS).sort(),
      );
    }
    expect(Object.keys(refusalsEn).every(isRefusalCode)).toBe(true);
    expect(isRefusalCode('CONFLICT')).toBe(false);
    expect(isRefusalCode('toString')).toBe(false);
  });
});

describe('formatting', () => {
  it('formats money in the Indian-English style the spec names', () => {
    expect(formatMoney(12.5, 'eur')).toBe('€12.50');
    expect(formatMoney(123456.5, 'usd')).toBe('$1,23,456.50');
    expect(formatCents(1250, 'EUR')).toBe('€12.50');
  });

  it('formats counts with US grouping and dates day first', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(
      formatDate('2026-11-01T12:00:00Z', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    ).toBe('1 Nov 2026');
  });

  it('falls back to the runtime zone for a zone it does not know', () => {
    expect(() => formatDate(0, { timeZone: 'Mars/Olympus', year: 'numeric' })).not.toThrow();
  });

  it('names plural categories', () => {
    expect(pluralCategory(1)).toBe('one');
    expect(pluralCategory(2)).toBe('other');
  });
});

describe('locales', () => {
  it('accepts only the languages that have a catalog', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('it')).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(isGuestLocale('de')).toBe(true);
    expect(localeSchema.safeParse('it').success).toBe(true);
    expect(localeSchema.safeParse('xx').error?.issues[0]?.message).toBe(
      'locale must be one of: en, it',
    );
  });

  it("picks the guest's language from their preferences by primary subtag", () => {
    expect(pickGuestLocale(['nl-NL', 'de-AT', 'en'])).toBe('de');
    expect(pickGuestLocale(['pt-BR', 'ja'])).toBeNull();
    expect(pickGuestLocale([])).toBeNull();
    expect(acceptedLanguages('en;q=0.5, fr-CH, de;q=0.9, it;q=0')).toEqual(['fr-CH', 'de', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('*')).toEqual([]);
  });

  it('formats money, numbers and dates as each language reads them', () => {
    expect(formatMoney(1234.5, 'eur', 'it')).toBe('1234,50\u00a0€');
    expect(formatMoney(1234.5, 'eur', 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoney(12.5, 'usd', 'fr')).toBe('12,50\u00a0$US');
    expect(formatNumber(12345, 'de')).toBe('12.345');
    expect(formatDate('2026-11-01T12:00:00Z', { dateStyle: 'medium', timeZone: 'UTC' }, 'it')).toBe(
      '1 nov 2026',
    );
  });
});
