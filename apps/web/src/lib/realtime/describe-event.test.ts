import { describe, expect, it } from 'vitest';
import { serverEvent } from '@/testing/fake-websocket';
import { describeEvent } from './describe-event';
import { toLiveEvent, toPlatformLiveEvent } from './events';

const billRequest = (amount: number) =>
  toLiveEvent(
    serverEvent('payment_requested', {
      tableId: 't4',
      tableNumber: 4,
      amount,
      currency: 'eur',
      method: null,
      requestId: 'q1',
    }),
  )!;

describe('describeEvent: a bill request', () => {
  it('names the amount the app knows of', () => {
    expect(describeEvent(billRequest(30.5))).toBe('Table 4 asks for the bill (EUR 30.50)');
  });

  it('says when nothing was ordered through the app (issue 13, item 8), rather than EUR 0.00', () => {
    expect(describeEvent(billRequest(0))).toBe(
      'Table 4 asks for the bill (nothing ordered in the app)',
    );
  });
});

describe('describeEvent: a review', () => {
  it('names the table and the stars, not the comment', () => {
    const event = toLiveEvent(
      serverEvent('review_left', {
        reviewId: 'v1',
        tableId: 't4',
        tableNumber: 4,
        sessionId: 's1',
        rating: 5,
        comment: 'Grazie!',
      }),
    )!;
    expect(describeEvent(event)).toBe('Table 4 left a 5-star review');
  });
});

describe('describeEvent: a table closed or changing hands', () => {
  const closed = (reason: 'idle' | 'closed_by_staff') =>
    toLiveEvent(
      serverEvent('table_closed', {
        tableId: 't4',
        tableNumber: 4,
        sessionId: 's1',
        reason,
        status: 'available',
        voidedOrders: 0,
      }),
    )!;
  const moved = (to: { id: string; name: string } | null, via: 'manager' | 'hand_over') =>
    toLiveEvent(
      serverEvent('table_reassigned', {
        tableId: 't4',
        tableNumber: 4,
        status: 'active',
        from: { id: 'w1', name: 'Marco' },
        to,
        via,
      }),
    )!;

  it('says why a table was freed', () => {
    expect(describeEvent(closed('idle'))).toBe('Table 4 freed: nobody ordered');
    expect(describeEvent(closed('closed_by_staff'))).toBe('Table 4 closed');
  });

  it('names who takes a table over, or that anyone may', () => {
    expect(describeEvent(moved({ id: 'w2', name: 'Anna' }, 'hand_over'))).toBe(
      'Table 4 handed over to Anna',
    );
    expect(describeEvent(moved({ id: 'w2', name: 'Anna' }, 'manager'))).toBe(
      'Table 4 reassigned to Anna',
    );
    expect(describeEvent(moved(null, 'manager'))).toBe(
      'Table 4 is unassigned: any waiter may claim it',
    );
  });
});

describe('platform events (the team’s bell)', () => {
  const platform = (type: string, data: Record<string, unknown>) =>
    toPlatformLiveEvent({
      type,
      data,
      timestamp: '2026-11-21T09:00:00.000Z',
      userId: null,
      restaurantId: 'r9',
      seq: 1,
    } as { type: string })!;

  it('names the restaurant, the plan or the reason, and who did it', () => {
    expect(
      describeEvent(
        platform('restaurant_created', {
          restaurantId: 'r9',
          name: 'Osteria',
          plan: 'growth',
          by: 'Tina',
        }),
      ),
    ).toBe('Osteria was onboarded on Growth Grill by Tina');
    expect(
      describeEvent(
        platform('restaurant_signed_up', {
          restaurantId: 'r9',
          name: 'Casa',
          plan: 'starter',
          owner: 'Olivia',
        }),
      ),
    ).toBe('Casa signed up for a free trial (Olivia)');
    expect(
      describeEvent(
        platform('restaurant_activated', {
          restaurantId: 'r9',
          name: 'Casa',
          reason: 'Paid',
          by: 'Tina',
        }),
      ),
    ).toBe('Casa was activated again by Tina: Paid');
  });

  it('is not mistaken for a restaurant event, and an unknown type is neither', () => {
    expect(toLiveEvent({ type: 'restaurant_created' } as never)).toBeNull();
    expect(toPlatformLiveEvent({ type: 'restaurant_exploded' })).toBeNull();
  });
});

describe('describeEvent: an order escalated after the order timeout (issue 15, item 4)', () => {
  const urgent = (escalatedAfterMinutes?: number) =>
    toLiveEvent(
      serverEvent('priority_changed', {
        orderId: 'o1',
        orderNumber: 12,
        tableId: 't4',
        tableNumber: 4,
        priority: 'urgent',
        scope: 'order',
        tickets: [],
        ...(escalatedAfterMinutes === undefined ? {} : { escalatedAfterMinutes }),
      }),
    )!;

  it('tells the manager how long the order has waited', () => {
    expect(describeEvent(urgent(31))).toBe(
      'Urgent: order #12, table 4, still new after 31 minutes',
    );
  });

  it('stays as it was for a priority set by staff', () => {
    expect(describeEvent(urgent())).toBe('Urgent: order #12, table 4');
  });
});
