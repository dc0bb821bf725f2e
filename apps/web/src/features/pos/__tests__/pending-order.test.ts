import { ORDER_MAX_QUANTITY } from '@tavola/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addLine,
  editLine,
  EMPTY_ORDER,
  freeze,
  giveBack,
  loadPendingOrder,
  orderItems,
  savePendingOrder,
  settle,
  stepLine,
  type PendingOrder,
} from '../pending-order';

const salad = { menuItemId: 'm-salad', openItem: null, name: 'Caesar Salad', unitPrice: 9.5 };
const wine = { menuItemId: 'm-wine', openItem: null, name: 'House Red Wine', unitPrice: 28 };

describe('a pending order', () => {
  beforeEach(() => localStorage.clear());

  it('adds to the line of the same item, seat and course; a note or another seat is a line of its own', () => {
    let o = addLine(EMPTY_ORDER, salad);
    o = addLine(o, salad);
    o = addLine(o, salad, { seat: 2 });
    expect(o.draft.map((l) => [l.name, l.quantity, l.seat])).toEqual([
      ['Caesar Salad', 2, undefined],
      ['Caesar Salad', 1, 2],
    ]);
    const first = o.draft[0]!.key;
    o = editLine(o, first, { notes: 'no croutons' });
    o = addLine(o, salad);
    expect(o.draft).toHaveLength(3);
    expect(new Set(o.draft.map((l) => l.key)).size).toBe(3);
  });

  it('steps a line down to nothing, and never past the most the server takes of one item', () => {
    let o = addLine(EMPTY_ORDER, wine);
    const key = o.draft[0]!.key;
    o = stepLine(o, key, -1);
    expect(o.draft).toEqual([]);
    o = addLine(EMPTY_ORDER, wine);
    for (let i = 0; i < ORDER_MAX_QUANTITY + 5; i++) o = stepLine(o, o.draft[0]!.key, 1);
    expect(o.draft[0]!.quantity).toBe(ORDER_MAX_QUANTITY);
    expect(addLine(o, wine, { seat: 1 }).draft).toHaveLength(1);
  });

  it('freezes the lines with one key at Send, keeps them for a retry, and gives them back on a refusal', () => {
    let o: PendingOrder = addLine(addLine(EMPTY_ORDER, salad), wine);
    o = freeze(o);
    const key = o.outgoing!.key;
    expect(o.draft).toEqual([]);
    expect(o.outgoing!.lines.map((l) => l.name)).toEqual(['Caesar Salad', 'House Red Wine']);
    // Added while the first is on its way: it waits; a second freeze keeps the first as it was.
    o = addLine(o, salad);
    const again = freeze(o);
    expect(again.outgoing!.key).toBe(key);
    expect(again.outgoing!.lines).toHaveLength(2);
    expect(again.draft).toHaveLength(1);

    expect(settle(again)).toEqual({ draft: again.draft, outgoing: null });
    const back = giveBack(again);
    expect(back.outgoing).toBeNull();
    expect(back.draft.map((l) => l.name)).toEqual([
      'Caesar Salad',
      'House Red Wine',
      'Caesar Salad',
    ]);
  });

  it('sends each line with its key, note, seat and course, and an open item by its name and price', () => {
    let o = addLine(EMPTY_ORDER, salad, { seat: 3, course: 1 });
    o = editLine(o, o.draft[0]!.key, { notes: '  no croutons ' });
    o = addLine(o, {
      menuItemId: null,
      openItem: { name: 'Market fish', priceCents: 3450, station: 'kitchen' },
      name: 'Market fish',
      unitPrice: 34.5,
    });
    expect(orderItems(o.draft)).toEqual([
      {
        menuItemId: 'm-salad',
        quantity: 1,
        key: o.draft[0]!.key,
        notes: 'no croutons',
        seat: 3,
        course: 1,
      },
      {
        openItem: { name: 'Market fish', priceCents: 3450, station: 'kitchen' },
        quantity: 1,
        key: o.draft[1]!.key,
      },
    ]);
  });

  it('is kept on the device with the key it is on its way with, and a damaged copy is dropped', () => {
    const o = freeze(addLine(EMPTY_ORDER, salad));
    savePendingOrder('table:t6', o);
    expect(loadPendingOrder('table:t6')).toEqual(o);
    expect(loadPendingOrder('table:t7')).toEqual(EMPTY_ORDER);

    localStorage.setItem('tavola_pos_table:t6', JSON.stringify({ draft: [{ key: 'x' }] }));
    expect(loadPendingOrder('table:t6')).toEqual(EMPTY_ORDER);

    savePendingOrder('table:t6', EMPTY_ORDER);
    expect(localStorage.getItem('tavola_pos_table:t6')).toBeNull();
  });
});
