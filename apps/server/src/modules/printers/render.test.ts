import type { Receipt, Ticket } from '@tavola/contract';
import { describe, expect, it } from 'vitest';
import { decodePrinterBytes } from '../../testing/printer-emulator.js';
import { renderDocument, type PrintDocument } from './render.js';

const ticket: Ticket = {
  id: 't1',
  orderId: 'o1',
  orderNumber: 42,
  tableId: 'tab1',
  tableNumber: 7,
  orderType: 'dine_in',
  tab: null,
  station: 'grill',
  status: 'new',
  priority: 'normal',
  orderTime: '2026-11-27T18:05:00.000Z',
  estimatedTime: 15,
  startTime: null,
  readyTime: null,
  servedTime: null,
  waiter: 'Marco',
  customerCount: 2,
  items: [
    {
      name: 'Burger (Medium, NO Onion)',
      itemName: 'Burger',
      quantity: 2,
      notes: 'well done bun',
      category: 'food',
      options: [
        { group: 'Cooking', option: 'Medium', quantity: 1, preModifier: null },
        { group: 'Remove', option: 'Onion', quantity: 1, preModifier: 'no' },
      ],
    },
    { name: 'Crème brûlée', quantity: 1, notes: null, category: 'food' },
  ],
  allergyNote: 'peanuts',
};

const ticketDoc: PrintDocument = {
  kind: 'ticket',
  ticket,
  stationName: 'Grill',
  timezone: 'Europe/Rome',
  reprint: false,
};

const receipt: Receipt = {
  number: 31,
  restaurantName: 'Trattoria Caffè',
  tableNumber: 4,
  orderType: 'dine_in',
  tabName: null,
  sessionId: 's1',
  orderNumbers: [41, 42],
  issuedAt: '2026-11-27T20:00:00.000Z',
  timezone: 'Europe/Rome',
  currency: 'eur',
  lines: [
    { name: 'Caffè', quantity: 2, unitPrice: 1.5, lineTotal: 3 },
    { name: 'Tiramisù', quantity: 1, unitPrice: 6.5, lineTotal: 6.5 },
  ],
  itemsTotal: 9.5,
  pricesIncludeTax: true,
  serviceChargeRate: 0,
  serviceAdded: 0,
  net: 8.64,
  service: 0,
  tax: 0.86,
  taxes: [{ rate: 10, base: 8.64, tax: 0.86 }],
  total: 9.5,
  tip: 0,
  paid: 9.5,
  method: 'card',
  servedBy: 'Giulia',
};

describe('ESC/POS rendering', () => {
  it.each(['epson', 'star'] as const)(
    'prints a kitchen ticket (%s): number, place, time, lines, removals and allergies large, a cut',
    (commandSet) => {
      const bytes = renderDocument(ticketDoc, { commandSet, codePage: 'cp858', columns: 42 });
      const job = decodePrinterBytes(Buffer.from(bytes), commandSet);
      expect(job.text).toEqual([
        'GRILL',
        '#42',
        'Table 7',
        'Dine-in · 19:05',
        'Marco',
        '─'.repeat(42),
        '2 x Burger',
        '+ Medium',
        'NO Onion',
        '! well done bun',
        '1 x Crème brûlée',
        '─'.repeat(42),
        'ALLERGY: peanuts',
        '─'.repeat(42),
        expect.stringMatching(/^Order #42 +27\/11\/2026, 19:05$/),
      ]);
      const line = (text: string) => job.lines.find((l) => l.text === text)!;
      expect(line('NO Onion')).toMatchObject({ bold: true, width: 2, height: 2 });
      expect(line('! well done bun')).toMatchObject({ bold: true, width: 2, height: 2 });
      expect(line('ALLERGY: peanuts')).toMatchObject({ bold: true, width: 2, height: 2 });
      expect(line('+ Medium')).toMatchObject({ bold: true, height: 2 });
      expect(line('#42')).toMatchObject({ width: 2, height: 2 });
      expect(line('1 x Crème brûlée').width).toBe(1);
      expect(job.cuts).toBe(1);
    },
  );

  it('marks a reprint', () => {
    const bytes = renderDocument(
      { ...ticketDoc, reprint: true },
      { commandSet: 'epson', codePage: 'cp858', columns: 42 },
    );
    const job = decodePrinterBytes(Buffer.from(bytes), 'epson');
    expect(job.lines.find((l) => l.text === 'REPRINT')).toMatchObject({ inverted: true });
  });

  it.each([
    ['epson', 'cp858'],
    ['epson', 'windows1252'],
    ['star', 'cp858'],
    ['star', 'windows1252'],
  ] as const)(
    'prints a receipt (%s, %s) with € and accents, tax, total, a QR code and a cut',
    (commandSet, codePage) => {
      const bytes = renderDocument(
        { kind: 'receipt', receipt, copy: true },
        { commandSet, codePage, columns: 42 },
      );
      const job = decodePrinterBytes(Buffer.from(bytes), commandSet);
      expect(job.text).toEqual([
        'Trattoria Caffè',
        'COPY',
        'Receipt #31',
        '27/11/2026, 21:00',
        'Table 4 · Orders #41, #42',
        '─'.repeat(42),
        `2 x Caffè${' '.repeat(42 - 9 - 5)}€3.00`,
        `1 x Tiramisù${' '.repeat(42 - 12 - 5)}€6.50`,
        '─'.repeat(42),
        `Items${' '.repeat(42 - 5 - 5)}€9.50`,
        `incl. tax 10%${' '.repeat(42 - 13 - 5)}€0.86`,
        `TOTAL${' '.repeat(42 - 5 - 5)}€9.50`,
        `Paid (card)${' '.repeat(42 - 11 - 5)}€9.50`,
        'Served by Giulia',
        'Thank you!',
      ]);
      expect(job.qrCodes).toEqual(['tavola:receipt:31:s1']);
      expect(job.cuts).toBe(1);
    },
  );

  it('prints what a code page lacks as a question mark rather than failing the job', () => {
    const bytes = renderDocument(
      { kind: 'receipt', receipt, copy: false },
      { commandSet: 'epson', codePage: 'cp437', columns: 32 },
    );
    const job = decodePrinterBytes(Buffer.from(bytes), 'epson');
    expect(job.text).toContain(`TOTAL${' '.repeat(32 - 5 - 5)}?9.50`);
    expect(job.text[0]).toBe('Trattoria Caffè');
  });
});
