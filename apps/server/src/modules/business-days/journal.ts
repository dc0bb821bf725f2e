import type { ZReport } from '@tavola/contract';
import { stringify } from 'csv-stringify/sync';

/**
 * A business day's accounting journal in double-entry form, built from its Z
 * report, so its totals are the Z report's to the cent:
 *
 * 1. Sales (cash basis: the bills settled that day, as the Z report counts them)
 *      Dr Assets:Cash / Assets:Card clearing    what each method took in (bills + tips)
 *      Cr Income:Sales:Tax <rate>               net sales before discounts, one account per rate
 *      Dr Income:Discounts:Tax <rate>           discounts and comps, net of tax (a contra-income
 *                                               account: what the sales account counts and the
 *                                               guests were not charged)
 *      Cr Income:Service charge                 the service charge, net of tax
 *      Cr Liabilities:Sales tax:<rate>          the tax, per rate
 *      Cr Liabilities:Tips payable              tips, owed to the staff (not revenue)
 *    It balances exactly when bills + tips = payments (the Z report's reconciliation).
 * 2. Tavola's transaction fee, 1.9% of the day's payments (tips excluded), rounded once a day
 *      Dr Expenses:Transaction fees / Cr Liabilities:Tavola fees payable
 *    (an accrual: Tavola's monthly invoice rounds the month's fee once, so it can differ from the
 *    sum of the days by a cent or two).
 * 3. Refunds given back that day (of payments taken that day or earlier), the sale taken back
 *    part by part as it was charged (each refund's share of its bill, `refundParts`)
 *      Dr Income:Refunds:Tax <rate>             net sales given back, per tax rate (contra-income)
 *      Dr Income:Refunds:Service charge         the service charge given back, net of tax
 *      Dr Liabilities:Sales tax:<rate>          the tax given back: no longer owed
 *      Dr Liabilities:Tips payable              the tips given back
 *      Cr Assets:Cash / Assets:Card clearing    what each method paid out
 *    An earlier day's journal is never changed by a refund: it is booked on the day it happens.
 *    (A Z report kept before refunds were split books their bill part to Income:Refunds whole.)
 * Voids never reach the books (nothing was sold); open bills count on the day they are settled.
 *
 * Three files: an hledger/ledger journal, and CSV in the manual-journal import layouts of Xero and
 * QuickBooks Online. The accounts below are a suggested chart (codes for Xero, names for
 * QuickBooks, where sub-accounts are written "Parent:Sub"); an accountant maps them on import.
 */
export interface Account {
  /** hledger/ledger account name. */
  ledger: string;
  /** Xero account code. */
  code: string;
  /** QuickBooks Online account name. */
  name: string;
}

const rateLabel = (rate: number) => `${Number(rate.toFixed(4))}%`;

export const CHART = {
  cash: { ledger: 'Assets:Cash', code: '1000', name: 'Cash' },
  card: { ledger: 'Assets:Card clearing', code: '1100', name: 'Card clearing' },
  feesPayable: {
    ledger: 'Liabilities:Tavola fees payable',
    code: '2100',
    name: 'Tavola fees payable',
  },
  tax: (rate: number): Account => ({
    ledger: `Liabilities:Sales tax:${rateLabel(rate)}`,
    code: '2200',
    name: `Sales tax payable:Tax ${rateLabel(rate)}`,
  }),
  tips: { ledger: 'Liabilities:Tips payable', code: '2300', name: 'Tips payable' },
  sales: (rate: number): Account => ({
    ledger: `Income:Sales:Tax ${rateLabel(rate)}`,
    code: '4000',
    name: `Sales:Tax ${rateLabel(rate)}`,
  }),
  discounts: (rate: number): Account => ({
    ledger: `Income:Discounts:Tax ${rateLabel(rate)}`,
    code: '4050',
    name: `Discounts and comps:Tax ${rateLabel(rate)}`,
  }),
  service: { ledger: 'Income:Service charge', code: '4100', name: 'Service charge' },
  refunds: { ledger: 'Income:Refunds', code: '4900', name: 'Sales refunds' },
  refundedSales: (rate: number): Account => ({
    ledger: `Income:Refunds:Tax ${rateLabel(rate)}`,
    code: '4900',
    name: `Sales refunds:Tax ${rateLabel(rate)}`,
  }),
  refundedService: {
    ledger: 'Income:Refunds:Service charge',
    code: '4910',
    name: 'Sales refunds:Service charge',
  },
  fees: { ledger: 'Expenses:Transaction fees', code: '6100', name: 'Transaction fees' },
} as const;

export interface Posting {
  account: Account;
  /** Cents: positive is a debit, negative a credit. */
  cents: number;
  description: string;
}

export interface JournalEntry {
  /** Which of the day's entries (1 sales, 2 fee, 3 refunds). */
  no: number;
  narration: string;
  postings: Posting[];
}

const cents = (amount: number) => Math.round(amount * 100);

/** The day's entries; postings of zero are left out, and an entry with none. */
export function journalEntries(z: ZReport): JournalEntry[] {
  const method = (m: 'cash' | 'card') => z.payments.byMethod.find((p) => p.method === m);
  const discountedAt = (rate: number) =>
    z.discounts?.byTaxRate.find((r) => cents(r.taxRate) === cents(rate));
  const sales: Posting[] = [
    {
      account: CHART.cash,
      cents: cents(method('cash')?.total ?? 0),
      description: 'Cash taken (bills and tips)',
    },
    {
      account: CHART.card,
      cents: cents(method('card')?.total ?? 0),
      description: 'Card payments (bills and tips)',
    },
    ...z.taxRates.map((r) => ({
      account: CHART.sales(r.taxRate),
      cents: -(cents(r.net) + cents(discountedAt(r.taxRate)?.net ?? 0)),
      description: `Net sales at ${rateLabel(r.taxRate)} tax`,
    })),
    ...z.taxRates.map((r) => ({
      account: CHART.discounts(r.taxRate),
      cents: cents(discountedAt(r.taxRate)?.net ?? 0),
      description: `Discounts and comps at ${rateLabel(r.taxRate)} tax (net)`,
    })),
    {
      account: CHART.service,
      cents: -cents(z.bills.service),
      description: 'Service charge (net of tax)',
    },
    ...z.taxRates.map((r) => ({
      account: CHART.tax(r.taxRate),
      cents: -cents(r.tax),
      description: `Tax at ${rateLabel(r.taxRate)}`,
    })),
    { account: CHART.tips, cents: -cents(z.payments.tips), description: 'Tips owed to staff' },
  ];
  const fee = cents(z.transactionFee.fee);
  const feeText = `Tavola transaction fee ${rateLabel(z.transactionFee.rate)} of ${z.transactionFee.base.toFixed(2)}`;
  const entries: JournalEntry[] = [
    { no: 1, narration: `Tavola Z report ${z.date}: sales`, postings: sales },
    {
      no: 2,
      narration: `Tavola Z report ${z.date}: transaction fee`,
      postings: [
        { account: CHART.fees, cents: fee, description: feeText },
        { account: CHART.feesPayable, cents: -fee, description: feeText },
      ],
    },
  ];
  const refunds = z.refunds;
  if (refunds && refunds.count > 0) {
    const given = (m: 'cash' | 'card') => refunds.byMethod.find((p) => p.method === m);
    const rates = refunds.taxRates;
    const billsGivenBack: Posting[] = rates
      ? [
          ...rates.map((r) => ({
            account: CHART.refundedSales(r.taxRate),
            cents: cents(r.net),
            description: `Net sales refunded at ${rateLabel(r.taxRate)} tax`,
          })),
          {
            account: CHART.refundedService,
            cents: rates.reduce((sum, r) => sum + cents(r.service), 0),
            description: 'Service charge refunded (net of tax)',
          },
          ...rates.map((r) => ({
            account: CHART.tax(r.taxRate),
            cents: cents(r.tax),
            description: `Tax refunded at ${rateLabel(r.taxRate)}`,
          })),
        ]
      : [{ account: CHART.refunds, cents: cents(refunds.amount), description: 'Bills refunded' }];
    entries.push({
      no: 3,
      narration: `Tavola Z report ${z.date}: refunds`,
      postings: [
        ...billsGivenBack,
        { account: CHART.tips, cents: cents(refunds.tips), description: 'Tips refunded' },
        {
          account: CHART.cash,
          cents: -cents(given('cash')?.total ?? 0),
          description: 'Cash given back',
        },
        {
          account: CHART.card,
          cents: -cents(given('card')?.total ?? 0),
          description: 'Card refunds',
        },
      ],
    });
  }
  return entries
    .map((e) => ({ ...e, postings: e.postings.filter((p) => p.cents !== 0) }))
    .filter((e) => e.postings.length > 0);
}

/** Cents as a plain decimal: -12345 → "-123.45". */
export function decimal(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Free text for a journal comment: one line, no comment or tag markers. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp};]+/gu, ' ').trim();

/**
 * The hledger (and ledger) journal: accounts and the commodity declared, so `hledger check -s`
 * (strict) accepts it; every posting's amount written, so hledger checks the balance itself.
 */
export function hledgerJournal(z: ZReport): string {
  const commodity = z.currency.toUpperCase();
  const entries = journalEntries(z);
  const accounts = [...new Set(entries.flatMap((e) => e.postings.map((p) => p.account.ledger)))];
  const width = Math.max(40, ...accounts.map((a) => a.length + 4));
  const out = [
    `; Tavola daily journal: ${oneLine(z.restaurantName)}, business day ${z.date} (${z.timezone})`,
    `; Z report ${z.status === 'closed' ? `closed ${z.closedAt ?? ''}` : `taken ${z.generatedAt} (day not closed)`}`,
    '',
    `commodity 1000.00 ${commodity}`,
    ...accounts.sort().map((a) => `account ${a}`),
    '',
  ];
  for (const e of entries) {
    out.push(`${z.date} * ${e.narration}`);
    for (const p of e.postings) {
      out.push(
        `    ${p.account.ledger.padEnd(width)}${decimal(p.cents).padStart(14)} ${commodity}  ; ${oneLine(p.description)}`,
      );
    }
    out.push('');
  }
  return `${out.join('\n')}`;
}

/** dd/mm/yyyy (Xero) and MM/DD/YYYY (QuickBooks Online US) from YYYY-MM-DD. */
const xeroDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const quickBooksDate = (date: string) =>
  `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

/**
 * Xero's manual journal import (Accounting › Manual Journals › Import), the columns of Xero's own
 * template: *Narration, *Date, Description, *AccountCode, *TaxRate, *Amount, TrackingName1,
 * TrackingOption1, TrackingName2, TrackingOption2. Rows with the same narration and date are one
 * journal; Amount is positive for a debit and negative for a credit; the date is dd/mm/yyyy.
 * Tax is posted to its own account here, so every line takes Xero's no-tax rate ("Tax Exempt";
 * an organisation whose zero rate is named otherwise, e.g. "No VAT", changes it on import).
 * Sources: Xero Central, "Add, import and post manual journals" and the template it offers.
 */
export function xeroCsv(z: ZReport): string {
  const header = [
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
  ];
  const rows = journalEntries(z).flatMap((e) =>
    e.postings.map((p) => [
      e.narration,
      xeroDate(z.date),
      p.description,
      p.account.code,
      'Tax Exempt',
      decimal(p.cents),
      '',
      '',
      '',
      '',
    ]),
  );
  // No byte-order mark: these are import files, not spreadsheets.
  return stringify([header, ...rows], { record_delimiter: 'windows' });
}

/**
 * QuickBooks Online's journal entry import (Settings › Import data › Journal entries), the
 * columns of its sample file: Journal No, Journal Date, Account Name, Debits, Credits,
 * Description, Name. Rows with the same journal number are one entry; a line has either a debit
 * or a credit (positive amounts); the date is MM/DD/YYYY (US company files); a sub-account is
 * "Parent:Sub". Sources: QuickBooks Online help, "Import journal entries", and its sample CSV.
 */
export function quickBooksCsv(z: ZReport): string {
  const header = [
    'Journal No',
    'Journal Date',
    'Account Name',
    'Debits',
    'Credits',
    'Description',
    'Name',
  ];
  const journalNo = (no: number) => `Z${z.date.replaceAll('-', '')}-${no}`;
  const rows = journalEntries(z).flatMap((e) =>
    e.postings.map((p) => [
      journalNo(e.no),
      quickBooksDate(z.date),
      p.account.name,
      p.cents > 0 ? decimal(p.cents) : '',
      p.cents < 0 ? decimal(-p.cents) : '',
      p.description,
      '',
    ]),
  );
  return stringify([header, ...rows], { record_delimiter: 'windows' });
}
