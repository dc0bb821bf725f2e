import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { reportLabel as l, type ReportDocument } from '@tavola/contract';

/**
 * A report as CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents right),
 * Windows line ends, every cell quoted, and a cell that a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) prefixed with a quote so it stays text.
 * The title block, the headline figures, then each table with its column titles and totals,
 * sections apart by an empty line. Written as a stream, a row at a time.
 */
export function reportCsv(doc: ReportDocument): Readable {
  const csv = stringify({
    bom: true,
    quoted: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  return Readable.from(csvRecords(doc), { objectMode: true }).pipe(csv);
}

function* csvRecords(doc: ReportDocument): Generator<string[]> {
  yield [doc.title, doc.restaurant];
  yield [l('CSV_PERIOD'), doc.period];
  yield [l('CSV_CURRENCY'), doc.currency];
  yield [l('CSV_GENERATED'), doc.generatedAt];
  yield [];
  yield [l('SUMMARY')];
  for (const s of doc.summary) yield [s.label, s.value];
  for (const table of doc.tables) {
    yield [];
    yield [table.title];
    yield table.columns;
    yield* table.rows;
    if (table.totals) yield table.totals;
  }
}
