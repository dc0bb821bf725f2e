import type { ExpoOrder, Ticket } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticket } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';
import { sessionStore } from '@/lib/session-store';
import { t } from '../messages';
import { ticketsIt } from '../messages-it';
import '@/locales/staff-it';

// The station displays and the expo speak their user's language: an Italian cook reads Italian
// everywhere on the board (the catalogs' keys are checked in locales/staff-it.test.ts), an
// English one the spec's English word for word.

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/**
 * Everything the board says: each element's text (a message may be split over text nodes, as
 * `{minutes} min ago` is in JSX), and the names, titles and values it gives to readers.
 */
function saidOnScreen(): string[] {
  const said = new Set<string>();
  for (const el of document.body.querySelectorAll('*')) {
    const text = el.textContent?.trim();
    if (text) said.add(text);
    for (const attr of ['aria-label', 'title', 'aria-valuetext', 'placeholder']) {
      const value = el.getAttribute(attr);
      if (value) said.add(value);
    }
  }
  return [...said];
}

/** The index after the `}` closing the `{` at `open`. */
function closing(message: string, open: number): number {
  let depth = 0;
  for (let i = open; i < message.length; i++) {
    if (message[i] === '{') depth++;
    else if (message[i] === '}' && --depth === 0) return i + 1;
  }
  return message.length;
}

/**
 * A message's words as a pattern: a value (`{name}`) stands for any text, a plural or select for
 * any of its choices ("minute" or "minutes"), everything else as written.
 */
function patternSource(message: string): { source: string; words: string } {
  let source = '';
  let words = '';
  let i = 0;
  while (i < message.length) {
    const ch = message[i]!;
    if (ch !== '{') {
      source += ch.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      words += ch;
      i++;
      continue;
    }
    const end = closing(message, i);
    const inner = message.slice(i + 1, end - 1);
    const [, kind, ...rest] = inner.split(',');
    if (kind === undefined) source += '.+?';
    else {
      const choices: string[] = [];
      const body = rest.join(',');
      for (let j = body.indexOf('{'); j >= 0; j = body.indexOf('{', closing(body, j))) {
        const choice = patternSource(
          body.slice(j + 1, closing(body, j) - 1).replaceAll('#', '{n}'),
        );
        choices.push(choice.source);
        words += choice.words;
      }
      source += `(?:${choices.join('|')})`;
    }
    i = end;
  }
  return { source, words };
}

/**
 * An English message as a pattern found in a text, not inside a longer word ("Normal" is not
 * found in "Normale"); null for one with no words of its own to find.
 */
function englishPattern(message: string): RegExp | null {
  const { source, words } = patternSource(message);
  if (!/\p{L}/u.test(words)) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`, 'u');
}

/** The catalog's English messages Italian words differently, each found anywhere on screen. */
function englishLeaks(): string[] {
  const said = saidOnScreen();
  return Object.entries(t.en).flatMap(([key, en]) => {
    if (ticketsIt[key as keyof typeof t.en] === en) return [];
    const pattern = englishPattern(en);
    if (!pattern) return [];
    // The shortest text holding it says where it is.
    const where = said.filter((s) => pattern.test(s)).sort((x, y) => x.length - y.length)[0];
    return where === undefined ? [] : [`${key}: “${where}”`];
  });
}

/** One of each kind of card: late, allergic, held, changed, with options, a tab, each column. */
const board: Ticket[] = [
  ticket({
    id: 'k1',
    orderNumber: 41,
    tableNumber: 3,
    orderTime: minutesAgo(40),
    estimatedTime: 20,
    priority: 'high',
    allergyNote: 'Arachidi',
    items: [
      {
        name: 'Bistecca (Cottura: Media; Togliere: NO Cipolla)',
        itemName: 'Bistecca',
        quantity: 2,
        notes: 'ben calda',
        category: 'food',
        seat: 2,
        course: 1,
        courseName: 'Antipasti',
        options: [
          { group: 'Cottura', option: 'Media', quantity: 1, preModifier: null },
          { group: 'Contorno', option: 'Patate', quantity: 2, preModifier: 'side' },
          { group: 'Togliere', option: 'Cipolla', quantity: 1, preModifier: 'no' },
        ],
      },
      {
        name: 'Tagliata',
        quantity: 1,
        notes: null,
        category: 'food',
        seat: null,
        course: 2,
        courseName: 'Secondi',
        held: true,
      },
    ],
    changes: [
      {
        name: 'Risotto',
        from: { quantity: 2, notes: null },
        to: { quantity: 1, notes: 'senza burro' },
        by: 'Marco Rossi',
        at: minutesAgo(5),
      },
      {
        name: 'Lasagna',
        from: { quantity: 1, notes: null },
        to: { quantity: 0, notes: null },
        by: 'Marco Rossi',
        at: minutesAgo(4),
      },
      {
        name: 'Gnocchi',
        from: { quantity: 3, notes: null },
        to: { quantity: 1, notes: null },
        by: 'Marco Rossi',
        at: minutesAgo(3),
        movedTo: 8,
      },
      {
        name: 'Pesce',
        from: { quantity: 0, notes: null },
        to: { quantity: 1, notes: null },
        by: 'Marco Rossi',
        at: minutesAgo(2),
        movedFrom: 9,
      },
    ],
  }),
  ticket({
    id: 'k2',
    orderNumber: 42,
    tableId: null,
    tableNumber: null,
    orderType: 'takeaway',
    tab: { id: 'tab-1', name: 'Ben', pickupAt: minutesAgo(-30) },
    status: 'preparing',
    waiter: 'Marco Rossi',
    customerCount: 1,
  }),
  ticket({ id: 'k3', orderNumber: 43, tableNumber: 5, status: 'ready' }),
  ticket({
    id: 'k4',
    orderNumber: 44,
    tableNumber: 6,
    held: true,
    items: [
      {
        name: 'Tiramisù',
        quantity: 1,
        notes: null,
        category: 'food',
        seat: null,
        course: 3,
        courseName: 'Dolci',
        held: true,
      },
    ],
  }),
];

const served = ticket({ id: 'k0', orderNumber: 40, tableNumber: 2, status: 'served' });

const expoOrders: ExpoOrder[] = [
  {
    orderId: 'o51',
    orderNumber: 51,
    tableId: 'table-4',
    tableNumber: 4,
    orderType: 'dine_in',
    tab: null,
    orderTime: minutesAgo(12),
    waiter: 'Marco Rossi',
    ready: false,
    allergyNote: 'Glutine',
    stations: [
      {
        station: 'kitchen',
        name: 'Cucina',
        status: 'new',
        ticket: board[3]!,
      },
      {
        station: 'grill',
        name: 'Griglia',
        status: 'preparing',
        ticket: ticket({ id: 'g1', orderNumber: 51, station: 'grill', status: 'preparing' }),
      },
    ],
  },
  {
    orderId: 'o52',
    orderNumber: 52,
    tableId: null,
    tableNumber: null,
    orderType: 'bar_tab',
    tab: { id: 'tab-2', name: 'Anna', pickupAt: null },
    orderTime: minutesAgo(3),
    waiter: null,
    ready: true,
    allergyNote: null,
    stations: [
      {
        station: 'kitchen',
        name: 'Cucina',
        status: 'ready',
        ticket: ticket({ id: 'k9', orderNumber: 52, status: 'ready' }),
      },
      {
        station: 'bar',
        name: 'Bar',
        status: 'served',
        ticket: ticket({ id: 'b9', orderNumber: 52, station: 'bar', status: 'served' }),
      },
    ],
  },
];

function kitchenServer() {
  return fakeApi({
    'GET /api/tickets': { data: { tickets: board, recentlyServed: [served] } },
  });
}

beforeEach(() => {
  FakeWebSocket.install();
  localStorage.clear();
});
afterEach(() => sessionStore.clear());

// The routes' code loads once before the tests: on a busy machine the first load outlasts a wait.
beforeAll(() => Promise.all([preloadRoute('/kitchen'), preloadRoute('/expo')]), 120_000);

describe('the station displays in the user’s language', () => {
  it('would see English that leaked: each kind of message is found in a text that holds it', () => {
    const found = (en: string, text: string) => englishPattern(en)?.test(text) ?? false;
    expect(found(t.en.overdue, 'Ordine 41: Order overdue by 1 minute')).toBe(true);
    expect(found(t.en.guestsN, '2 guests')).toBe(true);
    expect(found(t.en.recall, 'Recall #40 (tavolo 2)')).toBe(true);
    expect(found(t.en.priority_normal, 'Normal')).toBe(true);
    expect(found(t.en.priority_normal, 'Normale')).toBe(false);
    expect(found(t.en.guestsN, '2 ospiti')).toBe(false);
  });

  it('speak Italian to an Italian cook: columns, every kind of card, the tools, the recall row', async () => {
    kitchenServer();
    const { user } = renderRoute('/kitchen', { user: staffUser('kitchen', { locale: 'it' }) });
    const late = await screen.findByRole('article', { name: 'Ordine 41, tavolo 3' });
    for (const name of ['Nuovi ordini', 'In preparazione', 'Pronti per il servizio']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    const card = within(late);
    expect(card.getByText(/^Ordine in ritardo di \d+ minuti$/)).toBeInTheDocument();
    expect(card.getByRole('region', { name: 'Allergia' })).toHaveTextContent('Arachidi');
    expect(card.getByText('Antipasti · Posto 2')).toBeInTheDocument();
    expect(card.getByText('Secondi')).toBeInTheDocument();
    expect(card.getByRole('list', { name: 'Opzioni' })).toHaveTextContent(
      'Contorno: A PARTE 2× Patate',
    );
    expect(card.getByText('SENZA Cipolla')).toBeInTheDocument();
    expect(card.getByText('Modificato dal cameriere', { selector: 'p' })).toBeInTheDocument();
    expect(card.getByText('Risotto: 2 → 1, nota “senza burro” (Marco Rossi)')).toBeInTheDocument();
    expect(card.getByText('Lasagna: tolto (erano 1) (Marco Rossi)')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Inizia a cucinare' })).toBeInTheDocument();
    expect(card.getByText('Alta')).toBeInTheDocument();
    expect(card.getByText('Ancora nessun cameriere')).toBeInTheDocument();

    const takeaway = within(screen.getByRole('article', { name: 'Ordine 42, Asporto · Ben' }));
    expect(takeaway.getByText(/^Ritiro /)).toBeInTheDocument();
    expect(takeaway.getByRole('button', { name: 'Segna pronto' })).toBeInTheDocument();
    const ready = within(screen.getByRole('article', { name: 'Ordine 43, tavolo 5' }));
    expect(ready.getByRole('button', { name: 'Servito' })).toBeInTheDocument();
    expect(ready.getByRole('button', { name: 'Indietro' })).toBeInTheDocument();
    const held = within(screen.getByRole('article', { name: 'Ordine 44, tavolo 6' }));
    expect(held.getByText('In attesa del lancio')).toBeInTheDocument();
    expect(held.getByText('Dolci')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Richiama n. 40 (tavolo 2)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Totali del giorno' }));
    await user.click(screen.getByRole('button', { name: 'Vista a lotti' }));
    expect(screen.getByRole('list', { name: 'Totali da preparare' })).toHaveTextContent(
      'Bistecca (Media, A PARTE Patate, SENZA Cipolla)',
    );
    expect(screen.getByRole('list', { name: 'Lotti' })).toBeInTheDocument();

    expect(englishLeaks()).toEqual([]);
  });

  it('speak the spec’s English to an English cook', async () => {
    kitchenServer();
    renderRoute('/kitchen', { user: staffUser('kitchen', { locale: 'en' }) });
    const late = within(await screen.findByRole('article', { name: 'Order 41, table 3' }));
    for (const name of ['New Orders', 'Preparing', 'Ready for Service']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(late.getByText(/^Order overdue by \d+ minutes$/)).toBeInTheDocument();
    expect(late.getByRole('button', { name: 'Start Cooking' })).toBeInTheDocument();
    expect(late.getByText('Antipasti · Seat 2')).toBeInTheDocument();
    expect(late.getByText('ON THE SIDE 2× Patate')).toBeInTheDocument();
    expect(late.getByText('Gnocchi: 2 moved to table 8, 1 stay (Marco Rossi)')).toBeInTheDocument();
    expect(late.getByText('Pesce: 1 moved here from table 9 (Marco Rossi)')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Order 42, Takeaway · Ben' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Ready' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recall #40 (table 2)' })).toBeInTheDocument();
  });

  it('speak Italian on the expo: the stations’ states, Fire with the course’s name, Send', async () => {
    fakeApi({
      'GET /api/expo': { data: { orders: expoOrders } },
      'GET /api/courses': {
        data: {
          courses: [
            { number: 1, name: 'Antipasti', position: 0 },
            { number: 2, name: 'Secondi', position: 1 },
            { number: 3, name: 'Dolci', position: 2 },
          ],
          fireDelayMinutes: null,
        },
      },
    });
    renderRoute('/expo', { user: staffUser('kitchen', { locale: 'it' }) });
    const cooking = within(
      await screen.findByRole('article', { name: 'Ordine al passe 51, tavolo 4' }),
    );
    expect(cooking.getByRole('listitem', { name: 'Cucina: In attesa' })).toBeInTheDocument();
    expect(cooking.getByRole('listitem', { name: 'Griglia: In cottura' })).toBeInTheDocument();
    expect(cooking.getByText('Ancora in preparazione: Griglia')).toBeInTheDocument();
    expect(cooking.getByText('Allergia: Glutine')).toBeInTheDocument();
    expect(cooking.getByRole('button', { name: 'Lancia Dolci' })).toBeInTheDocument();
    const ready = within(
      screen.getByRole('article', { name: 'Ordine al passe 52, Conto al bar · Anna' }),
    );
    expect(ready.getByText('Tutte le postazioni sono pronte')).toBeInTheDocument();
    expect(ready.getByRole('listitem', { name: 'Bar: Servito' })).toBeInTheDocument();
    expect(ready.getByRole('button', { name: 'Manda al cameriere' })).toBeEnabled();
    expect(screen.getByText('In corso')).toBeInTheDocument();
    expect(screen.getByText('Pronti da mandare')).toBeInTheDocument();

    expect(englishLeaks()).toEqual([]);
  });
});
