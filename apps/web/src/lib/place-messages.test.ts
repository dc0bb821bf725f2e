import { ORDER_TYPES, placeLabel } from '@tavola/contract';
import { afterEach, describe, expect, it } from 'vitest';
import '@/locales/staff-it';
import { setLocale } from './i18n';
import { placeText } from './place-messages';

afterEach(() => setLocale('en'));

const places = [
  { tableNumber: 6 },
  { tableNumber: null },
  ...ORDER_TYPES.map((orderType) => ({ tableNumber: null, orderType, tabName: 'Anna' })),
  { tableNumber: 2, orderType: 'takeaway' as const, tabName: null },
];

describe('placeText', () => {
  it('is the contract’s placeLabel, word for word, in English', () => {
    for (const place of places) expect(placeText(place)).toBe(placeLabel(place));
  });

  it('names tables and tabs in Italian, with no English order type left', () => {
    setLocale('it');
    expect(places.map(placeText)).toEqual([
      'Tavolo 6',
      'Tavolo ?',
      'Tavolo ?',
      'Conto al bar · Anna',
      'Banco · Anna',
      'Asporto · Anna',
      'Tavolo 2',
    ]);
  });
});
