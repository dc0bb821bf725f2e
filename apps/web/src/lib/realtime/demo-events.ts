import { DEMO_EVENT_DELAYS_MS } from '@tavola/contract';
import type { LiveEvent } from './events';

type Sample = Pick<LiveEvent, 'type' | 'data'>;

// Complete payloads of their types (no real rows behind them: the ids say so).
const SAMPLES: Sample[] = [
  {
    type: 'table_activated',
    data: { tableId: 'demo-table-4', tableNumber: 4, customerCount: 3 },
  },
  {
    type: 'order_placed',
    data: {
      orderId: 'demo-order-9001',
      orderNumber: 9001,
      tableId: 'demo-table-4',
      tableNumber: 4,
      items: [],
      total: 42.5,
      currency: 'eur',
      type: 'food',
    },
  },
  {
    type: 'call_waiter',
    data: {
      tableId: 'demo-table-7',
      tableNumber: 7,
      message: 'Table 7 is asking for a waiter',
      requestId: 'demo-request-7',
    },
  },
  {
    type: 'payment_requested',
    data: {
      tableId: 'demo-table-2',
      tableNumber: 2,
      amount: 63.2,
      currency: 'eur',
      method: null,
      requestId: 'demo-request-2',
    },
  },
];

/** The simulated events, only ever played for the demo restaurant, marked as demo. */
export function scheduleDemoEvents(
  restaurantId: string,
  deliver: (event: LiveEvent) => void,
): () => void {
  const timers = DEMO_EVENT_DELAYS_MS.map((delay, i) =>
    setTimeout(() => {
      const sample = SAMPLES[i % SAMPLES.length]!;
      deliver({
        ...sample,
        demo: true,
        timestamp: new Date().toISOString(),
        userId: null,
        restaurantId,
        seq: -1 - i,
      } as LiveEvent);
    }, delay),
  );
  return () => timers.forEach(clearTimeout);
}
