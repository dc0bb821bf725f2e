import { describe, expect, it } from 'vitest';
import { defineMessages } from './i18n';
import { refusalMessage } from './refusals';

describe('t()', () => {
  const t = defineMessages({
    en: {
      greeting: 'Table {table}',
      items: '{count, plural, one {# item} other {# items}}',
    },
  });

  it('speaks English with values filled in and plurals chosen', () => {
    expect(t('greeting', { table: 4 })).toBe('Table 4');
    expect(t('items', { count: 1 })).toBe('1 item');
    expect(t('items', { count: 1200 })).toBe('1,200 items');
  });
});

describe('refusalMessage', () => {
  it('words a refusal from its code and params', () => {
    expect(refusalMessage('DAY_CLOSED', { date: '2026-11-26' }, 'server text')).toBe(
      'The business day 2026-11-26 is already closed',
    );
    expect(refusalMessage('CLOSE_TABLE_UNPAID_ORDERS', { table: 2, count: 3 }, 'server text')).toBe(
      'Table 2 has 3 unpaid orders: take the payment (Mark Paid), or ask a manager to close it',
    );
  });

  it("falls back to the server's text for a code it does not know or a missing value", () => {
    expect(refusalMessage('SOMETHING_NEW', { a: 1 }, 'Server words')).toBe('Server words');
    expect(refusalMessage('CONFLICT', null, 'Server words')).toBe('Server words');
    expect(refusalMessage(null, null, 'Server words')).toBe('Server words');
    expect(refusalMessage('DAY_CLOSED', {}, 'Server words')).toBe('Server words');
  });
});
