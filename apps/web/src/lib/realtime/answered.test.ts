import type { EventDataOf, EventType } from '@tavola/contract';
import { describe, expect, it } from 'vitest';
import { isAnsweredBy } from './answered';
import type { LiveEvent } from './events';

const live = <K extends EventType>(type: K, data: EventDataOf[K]) =>
  ({ type, data, seq: 1, timestamp: '', userId: null, restaurantId: 'r1' }) as LiveEvent;

const placed = live('order_placed', {
  orderId: 'o1',
  orderNumber: 41,
  tableId: 't5',
  tableNumber: 5,
  items: [],
  total: 12,
  currency: 'eur',
  type: 'food',
});
const answered = (tableId: string, refId?: string) =>
  live('table_updated', {
    tableId,
    tableNumber: 5,
    status: 'active',
    responded: 'new_order',
    ...(refId ? { refId } : {}),
  });
const progressed = (orderId: string, status: 'preparing' | 'served') =>
  live('order_updated', {
    orderId,
    orderNumber: 41,
    tableId: 't5',
    tableNumber: 5,
    waiterId: null,
    status,
  });

describe('what settles a notification', () => {
  it("settles a new order when its table's new orders are acknowledged, or it is served", () => {
    expect(isAnsweredBy(placed, answered('t5'))).toBe(true);
    expect(isAnsweredBy(placed, answered('t5', 'o1'))).toBe(true);
    expect(isAnsweredBy(placed, progressed('o1', 'served'))).toBe(true);
  });

  it('leaves it open for another order, another table, or an order still being made', () => {
    expect(isAnsweredBy(placed, answered('t5', 'o2'))).toBe(false);
    expect(isAnsweredBy(placed, answered('t6'))).toBe(false);
    expect(isAnsweredBy(placed, progressed('o1', 'preparing'))).toBe(false);
    expect(isAnsweredBy(placed, progressed('o2', 'served'))).toBe(false);
  });

  it("settles everything of a table once it has paid, but never a payment's own line", () => {
    const paid = live('payment_completed', {
      tableId: 't5',
      tableNumber: 5,
      sessionId: 's1',
      amount: 12,
      tip: 0,
      method: 'cash',
    } as EventDataOf['payment_completed']);
    expect(isAnsweredBy(placed, paid)).toBe(true);
    expect(isAnsweredBy(paid, paid)).toBe(false);
  });
});
