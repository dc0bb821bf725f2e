import { businessDaysRoutes } from '@tavola/contract';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ZReport } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atNoon, seedDay } from '../../testing/business-day.js';
import { signInAs } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { client } from '../../testing/client.js';

/** hledger itself checks the journal (Debian package hledger; .ci/run installs it). */
const hledger = spawnSync('hledger', ['--version'], { encoding: 'utf8' });
const HAS_HLEDGER = hledger.status === 0;
if (!HAS_HLEDGER) {
  console.warn(
    'hledger is not installed: the accounting journal check is skipped (apt-get install -y hledger; CI installs it)',
  );
}

const cents = (amount: number) => Math.round(amount * 100);

/** `hledger balance` per account, in cents, from its CSV output. */
function balances(file: string): Map<string, number> {
  const csv = execFileSync('hledger', ['-f', file, 'balance', '--flat', '-N', '-O', 'csv'], {
    encoding: 'utf8',
  });
  const result = new Map<string, number>();
  for (const line of csv.trim().split('\n').slice(1)) {
    const [account, amount] = line.split('","').map((c) => c.replaceAll('"', ''));
    const value =
      amount!.trim() === '0' ? 0 : Math.round(Number(amount!.replace(/[^\d.-]/g, '')) * 100);
    result.set(account!, value);
  }
  return result;
}

/** A minimal CSV reader for the export's own quoting (RFC 4180). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.trim().split('\r\n')) {
    const cells: string[] = [];
    const re = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line)) && m[0] !== '') {
      cells.push(m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? ''));
      if (re.lastIndex >= line.length) break;
    }
    rows.push(cells);
  }
  return rows;
}

describe('The accounting journal (issue 16, item 6)', () => {
  let t: TestApp;
  let manager: string;
  let z: ZReport;
  let dir: string;

  // Sent unchecked: one test asks for a format the route must refuse.
  const journal = (format: string) =>
    client(t.app)
      .as(manager)
      .send(businessDaysRoutes.getJournal, {
        query: { date: z.date, format },
      });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await atNoon(t);
    manager = await signInAs(t, 'manager');
    await seedDay(t, manager);
    const api = client(t.app).as(manager);
    const today = (await api.call(businessDaysRoutes.getZReport)).data.date;
    z = (await api.call(businessDaysRoutes.closeDay, { body: { date: today } })).data;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavola-journal-'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!HAS_HLEDGER)(
    'balances in hledger (strict), and its totals are the Z report',
    async () => {
      const res = await journal('hledger');
      expect(res.status, res.res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain(`journal-${z.date}.journal`);
      const file = path.join(dir, 'day.journal');
      fs.writeFileSync(file, res.res.body);
      // Throws (and fails the test) when hledger refuses it: unbalanced, undeclared, unparsable.
      execFileSync('hledger', ['-f', file, 'check', '-s'], { encoding: 'utf8' });

      const b = balances(file);
      const sum = (prefix: string) =>
        [...b].filter(([a]) => a.startsWith(prefix)).reduce((s, [, v]) => s + v, 0);
      const method = (m: string) => z.payments.byMethod.find((p) => p.method === m)!;
      expect(b.get('Assets:Cash')).toBe(cents(method('cash').total));
      expect(b.get('Assets:Card clearing')).toBe(cents(method('card').total));
      expect(sum('Assets:')).toBe(cents(z.payments.total));
      expect(sum('Income:Sales:')).toBe(-cents(z.bills.net));
      expect(b.get('Income:Service charge')).toBe(-cents(z.bills.service));
      expect(sum('Liabilities:Sales tax:')).toBe(-cents(z.bills.tax));
      expect(b.get('Liabilities:Tips payable')).toBe(-cents(z.payments.tips));
      expect(b.get('Expenses:Transaction fees')).toBe(cents(z.transactionFee.fee));
      expect(b.get('Liabilities:Tavola fees payable')).toBe(-cents(z.transactionFee.fee));
      // Per tax rate, as the Z report has them.
      for (const r of z.taxRates) {
        expect(b.get(`Income:Sales:Tax ${r.taxRate}%`)).toBe(-cents(r.net));
        expect(b.get(`Liabilities:Sales tax:${r.taxRate}%`) ?? 0).toBe(-cents(r.tax));
      }
      // Everything nets to zero.
      expect([...b.values()].reduce((s, v) => s + v, 0)).toBe(0);
    },
  );

  it.skipIf(!HAS_HLEDGER)(
    'hledger refuses a journal that does not balance (the check can fail)',
    () => {
      const file = path.join(dir, 'bad.journal');
      fs.writeFileSync(
        file,
        '2026-01-01 * bad\n    Assets:Cash    10.00 EUR\n    Income:Sales    -9.99 EUR\n',
      );
      expect(() => execFileSync('hledger', ['-f', file, 'check'], { stdio: 'pipe' })).toThrow();
    },
  );

  it('writes the Xero manual journal layout: signed amounts that net to zero per journal', async () => {
    const res = await journal('xero');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(res.res.body);
    expect(header).toEqual([
      '*Narration',
      '*Date',
      'Description',
      '*AccountCode',
      '*TaxRate',
      '*Amount',
      'TrackingName1',
      'TrackingOption1',
      'TrackingName2',
      'TrackingOption2',
    ]);
    const [y, m, d] = z.date.split('-');
    const journals = new Map<string, number>();
    for (const row of rows) {
      expect(row[1]).toBe(`${d}/${m}/${y}`);
      journals.set(row[0]!, (journals.get(row[0]!) ?? 0) + cents(Number(row[5])));
    }
    expect([...journals.values()]).toEqual([0, 0]);
    const byCode = (code: string) =>
      rows.filter((r) => r[3] === code).reduce((s, r) => s + cents(Number(r[5])), 0);
    expect(byCode('1000') + byCode('1100')).toBe(cents(z.payments.total));
    expect(byCode('4000')).toBe(-cents(z.bills.net));
    expect(byCode('2200')).toBe(-cents(z.bills.tax));
    expect(byCode('2300')).toBe(-cents(z.payments.tips));
    expect(byCode('6100')).toBe(cents(z.transactionFee.fee));
  });

  it('writes the QuickBooks Online journal layout: debits equal credits per journal number', async () => {
    const res = await journal('quickbooks');
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.res.body);
    expect(header).toEqual([
      'Journal No',
      'Journal Date',
      'Account Name',
      'Debits',
      'Credits',
      'Description',
      'Name',
    ]);
    const [y, m, d] = z.date.split('-');
    const net = new Map<string, number>();
    for (const row of rows) {
      expect(row[1]).toBe(`${m}/${d}/${y}`);
      expect(Boolean(row[3]) !== Boolean(row[4])).toBe(true);
      net.set(
        row[0]!,
        (net.get(row[0]!) ?? 0) + cents(Number(row[3] || 0)) - cents(Number(row[4] || 0)),
      );
    }
    expect([...net.values()]).toEqual([0, 0]);
    const debits = rows.reduce((s, r) => s + cents(Number(r[3] || 0)), 0);
    expect(debits).toBe(cents(z.payments.total) + cents(z.transactionFee.fee));
  });

  it('needs view_reports and a known format', async () => {
    const waiter = await signInAs(t, 'waiter');
    expect(
      (
        await client(t.app)
          .as(waiter)
          .call(businessDaysRoutes.getJournal, { query: { format: 'hledger' } })
      ).status,
    ).toBe(403);
    expect((await journal('sage')).status).toBe(400);
  });
});
