import { placeLabelOf } from '@tavola/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { staffUser } from '@/testing/render-route';
import { serverEvent } from '@/testing/fake-websocket';
import '@/locales/staff-it';
import { describeEvent } from './describe-event';
import { toLiveEvent } from './events';

// The notifications speak the signed-in user's language (English stays the spec's words: the
// English cases are in describe-event.test.ts).

const billRequest = toLiveEvent(
  serverEvent('payment_requested', {
    tableId: 't4',
    tableNumber: 4,
    amount: 30.5,
    currency: 'eur',
    method: null,
    requestId: 'q1',
  }),
)!;
const handedOver = toLiveEvent(
  serverEvent('table_reassigned', {
    tableId: 't4',
    tableNumber: 4,
    status: 'active',
    from: { id: 'w1', name: 'Marco' },
    to: { id: 'w2', name: 'Anna' },
    via: 'hand_over',
  }),
)!;

const barTab = toLiveEvent(
  serverEvent('tab_opened', {
    sessionId: 's9',
    type: 'bar_tab',
    tab: { id: 's9', name: 'Anna', pickupAt: null },
    waiterId: null,
  }),
)!;
const takeawayPaid = toLiveEvent(
  serverEvent('payment_completed', {
    tableId: null,
    tableNumber: null,
    orderType: 'takeaway',
    tab: { id: 's7', name: 'Ben', pickupAt: null },
    sessionId: 's7',
    amount: 12,
    tip: 0,
    method: 'card',
    currency: 'eur',
  }),
)!;

afterEach(() => sessionStore.clear());

describe("describeEvent in the user's language", () => {
  it('tells an Italian waiter in Italian, an English one in English', () => {
    sessionStore.set({ token: 't', user: staffUser('waiter', { locale: 'it' }) });
    expect(describeEvent(billRequest)).toBe('Il tavolo 4 chiede il conto (EUR 30.50)');
    expect(describeEvent(handedOver)).toBe('Tavolo 4 passato a Anna');
    sessionStore.set({ token: 't', user: staffUser('waiter', { locale: 'en' }) });
    expect(describeEvent(billRequest)).toBe('Table 4 asks for the bill (EUR 30.50)');
    expect(describeEvent(handedOver)).toBe('Table 4 handed over to Anna');
  });

  it('names a tab by its order type in Italian, in the contract’s English otherwise', () => {
    sessionStore.set({ token: 't', user: staffUser('waiter', { locale: 'it' }) });
    expect(describeEvent(barTab)).toBe('Conto al bar · Anna aperto');
    expect(describeEvent(takeawayPaid)).toMatch(/^Asporto · Ben /);
    expect(describeEvent(takeawayPaid)).not.toMatch(/Takeaway/);
    sessionStore.set({ token: 't', user: staffUser('waiter', { locale: 'en' }) });
    expect(describeEvent(barTab)).toBe(
      `${placeLabelOf({ tableNumber: null, orderType: 'bar_tab', tab: { id: 's9', name: 'Anna', pickupAt: null } })} opened`,
    );
    expect(describeEvent(barTab)).toBe('Bar tab · Anna opened');
  });
});
