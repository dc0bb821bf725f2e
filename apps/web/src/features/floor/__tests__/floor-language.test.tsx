import type { Floor, FloorOrder } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { floorTable } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';
import { sessionStore } from '@/lib/session-store';
import '@/locales/staff-it';

// The waiter's floor speaks its user's language: an Italian waiter reads Italian, an English one
// the spec's English word for word (the catalogs' keys are checked in locales/staff-it.test.ts).

const served: FloorOrder = {
  id: 'o1',
  orderNumber: 41,
  status: 'served',
  priority: 'high',
  total: 24,
  createdAt: '2026-05-01T12:00:00.000Z',
  items: [{ id: 'i1', name: 'Risotto', quantity: 2, lineTotal: 24, discount: 0 }],
};

/** Table 5: Sofia's, served and asking for two more things; table 6: nobody's; 7 is free. */
const floor: Floor = {
  tables: [
    floorTable({
      id: 't5',
      number: 5,
      assignedWaiter: { id: 'w1', name: 'Sofia' },
      billTotal: 24,
      orders: [served],
      currentOrder: served,
      notifications: [
        {
          type: 'new_order',
          count: 2,
          refIds: ['o2', 'o3'],
          message: 'New order #43',
          createdAt: new Date().toISOString(),
        },
      ],
    }),
    floorTable({ id: 't6', number: 6, assignedWaiter: null }),
    floorTable({ id: 't7', number: 7, status: 'available', sessionId: null, sessionStart: null }),
  ],
  stats: { todaysSales: 1234.5, orderedToday: 0, currency: 'eur', ordersToday: 1 },
};

async function openCard(user: ReturnType<typeof renderRoute>['user'], name: string) {
  const card = await screen.findByRole('article', { name });
  await user.click(within(card).getAllByRole('button')[0]!);
  return within(card);
}

beforeEach(() => FakeWebSocket.install());
afterEach(() => sessionStore.clear());

// The route's code loads once before the tests: on a busy machine the first load outlasts a wait.
beforeAll(() => preloadRoute('/waiter'), 120_000);

describe("the waiter's floor in the user's language", () => {
  it('speaks Italian to an Italian waiter: tabs, cards, a table and its actions', async () => {
    fakeApi({ 'GET /api/tables/floor': { data: floor } });
    const { user } = renderRoute('/waiter', {
      user: staffUser('waiter', { id: 'w1', name: 'Sofia', locale: 'it' }),
    });
    const card = await openCard(user, 'Tavolo 5');

    const tabs = within(screen.getByRole('tablist', { name: 'Tavoli' }));
    for (const name of ['I miei tavoli', 'Non assegnati', 'Tutti attivi']) {
      expect(tabs.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Richiedono attenzione')).toBeInTheDocument();
    expect(screen.getByText('Vendite di oggi')).toBeInTheDocument();
    expect(screen.getByText('Incassato oggi')).toBeInTheDocument();
    expect(screen.getByText('1234,50 €')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fai accomodare al tavolo 7' })).toBeInTheDocument();

    expect(card.getByText('Attivo')).toBeInTheDocument();
    expect(card.getByText('2 nuovi ordini')).toBeInTheDocument();
    expect(card.getByText('Ordine n. 41')).toBeInTheDocument();
    expect(card.getAllByText('servito')).not.toHaveLength(0);
    expect(card.getAllByText('Alta')).not.toHaveLength(0);
    for (const name of [
      'Segna pagato',
      'Rispondi: 2 nuovi ordini',
      'Passa il tavolo',
      'Sposta tavolo',
      'Dividi il conto',
      'Ordina',
    ]) {
      expect(card.getByRole('button', { name }), name).toBeInTheDocument();
    }
    expect(card.queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Segna pagato' }));
    expect(await screen.findByRole('dialog', { name: 'Segna pagato: tavolo 5' })).toBeVisible();
  });

  it('opens the Italian dialogs: move, split and hand over', async () => {
    fakeApi({
      'GET /api/tables/floor': { data: floor },
      'GET /api/tables/waiters': { data: [{ id: 'w2', name: 'Anna', tables: 0 }] },
    });
    const { user } = renderRoute('/waiter', {
      user: staffUser('waiter', { id: 'w1', name: 'Sofia', locale: 'it' }),
    });
    const card = await openCard(user, 'Tavolo 5');
    await user.click(card.getByRole('button', { name: 'Sposta tavolo' }));
    const move = within(await screen.findByRole('dialog', { name: 'Sposta il tavolo 5' }));
    expect(move.getByRole('button', { name: 'Tavolo 6, unisci al suo conto' })).toBeVisible();
    expect(move.getByRole('button', { name: 'Tavolo 7, libero' })).toBeVisible();
    await user.keyboard('{Escape}');

    await user.click(card.getByRole('button', { name: 'Dividi il conto' }));
    const split = within(
      await screen.findByRole('dialog', { name: 'Dividi il conto del tavolo 5' }),
    );
    expect(split.getByRole('list', { name: 'Righe per il nuovo conto' })).toBeVisible();
    expect(split.getByText('#41 · 2 sul conto')).toBeVisible();
    expect(split.getByRole('button', { name: 'Più Risotto' })).toBeVisible();
    await user.click(split.getByRole('button', { name: 'Dividi il conto' }));
    expect(await split.findByText('Scegli almeno una riga per il nuovo conto')).toBeVisible();
    await user.keyboard('{Escape}');

    await user.click(card.getByRole('button', { name: 'Passa il tavolo' }));
    const hand = within(await screen.findByRole('dialog', { name: 'Passa il tavolo 5' }));
    expect(
      hand.getByText(
        'Ora lo serve Sofia. Il cameriere che scegli prende i suoi ordini e il conto.',
      ),
    ).toBeVisible();
  });

  it('asks an Italian manager why an order is voided, in Italian', async () => {
    fakeApi({ 'GET /api/tables/floor': { data: floor } });
    const { user } = renderRoute('/waiter', {
      user: staffUser('manager', { id: 'm1', locale: 'it' }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Tutti attivi' }));
    const card = await openCard(user, 'Tavolo 5');
    await user.click(card.getByRole('button', { name: 'Storna Risotto dall’ordine n. 41' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Storna Risotto (ordine n. 41)' }),
    );
    expect(dialog.getByLabelText('Quantità da stornare (su 2)')).toBeVisible();
    expect(dialog.getByLabelText('Motivo')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Storna' }));
    expect(await dialog.findByText('Per stornare serve un motivo')).toBeVisible();
  });

  it("keeps the spec's English for an English waiter", async () => {
    fakeApi({ 'GET /api/tables/floor': { data: floor } });
    const { user } = renderRoute('/waiter', {
      user: staffUser('waiter', { id: 'w1', name: 'Sofia', locale: 'en' }),
    });
    const card = await openCard(user, 'Table 5');
    const tabs = within(screen.getByRole('tablist', { name: 'Tables' }));
    for (const name of ['My Tables', 'Unassigned', 'All Active']) {
      expect(tabs.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Needs Attention')).toBeInTheDocument();
    expect(screen.getByText("Today's Sales")).toBeInTheDocument();
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('2 new orders')).toBeInTheDocument();
    expect(card.getByText('Order #41')).toBeInTheDocument();
    expect(card.getAllByText('served')).not.toHaveLength(0);
    for (const name of ['Mark Paid', 'Respond: 2 new orders', 'Hand over', 'Move table']) {
      expect(card.getByRole('button', { name }), name).toBeInTheDocument();
    }
  });
});
