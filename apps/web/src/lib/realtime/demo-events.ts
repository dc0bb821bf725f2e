import { DEMO_EVENT_DELAYS_MS, type ServerEventMessage } from '@tavola/contract';

/** The spec's simulated events (§4), only ever played for the demo restaurant, marked as demo. */
export function scheduleDemoEvents(
  restaurantId: string,
  deliver: (event: ServerEventMessage) => void,
): () => void {
  const samples: Pick<ServerEventMessage, 'type' | 'data'>[] = [
    { type: 'table_activated', data: { tableNumber: 4, customerCount: 3 } },
    {
      type: 'order_placed',
      data: { tableNumber: 4, orderNumber: 9001, total: 42.5, type: 'food', items: [] },
    },
    { type: 'call_waiter', data: { tableNumber: 7, message: 'Table 7 is asking for a waiter' } },
    { type: 'payment_requested', data: { tableNumber: 2, amount: 63.2 } },
  ];
  const timers = DEMO_EVENT_DELAYS_MS.map((delay, i) =>
    setTimeout(() => {
      const sample = samples[i % samples.length]!;
      deliver({
        ...sample,
        data: { ...sample.data, demo: true },
        timestamp: new Date().toISOString(),
        userId: null,
        restaurantId,
        seq: -1 - i,
      });
    }, delay),
  );
  return () => timers.forEach(clearTimeout);
}
