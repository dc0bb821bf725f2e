import { describe, expect, it } from 'vitest';
import { catalogProblems, messagePlaceholders } from './message-format.js';
import { MAIL_CATALOGS, REFUSAL_CATALOGS } from './messages.js';
import {
  HISTORY_LABEL_CATALOGS,
  RECEIPT_LABEL_CATALOGS,
  REPORT_LABEL_CATALOGS,
  REPORT_TITLE_CATALOGS,
} from './catalogs/reports.js';
import { SUPPORTED_LOCALES, type Locale } from './locales.js';

const SHIPPED: Record<string, Record<Locale, Record<string, string>>> = {
  refusals: REFUSAL_CATALOGS,
  mails: MAIL_CATALOGS,
  'report titles': REPORT_TITLE_CATALOGS,
  'report labels': REPORT_LABEL_CATALOGS,
  'order history': HISTORY_LABEL_CATALOGS,
  receipts: RECEIPT_LABEL_CATALOGS,
};

describe('every shipped catalog in every staff language', () => {
  for (const [name, catalogs] of Object.entries(SHIPPED)) {
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      it(`${name} in ${locale} has every English key with the same placeholders`, () => {
        expect(catalogProblems(catalogs.en, catalogs[locale])).toEqual([]);
      });
    }
  }
});

describe('the completeness check', () => {
  it('finds the placeholders of plural and select choices, not their words', () => {
    expect(
      [...messagePlaceholders('{n, plural, one {Resta} other {# of {item}}} {x}')].sort(),
    ).toEqual(['item', 'n', 'x']);
  });

  it('reports a missing key, an unknown one, an empty text and a wrong placeholder', () => {
    expect(
      catalogProblems(
        { a: 'Table {table}', b: 'Hi', c: 'Ok' },
        { a: 'Tavolo {tavolo}', c: ' ', d: 'extra' },
      ),
    ).toEqual(['a names {tavolo} instead of {table}', 'missing b', 'empty c', 'unknown d']);
  });
});
