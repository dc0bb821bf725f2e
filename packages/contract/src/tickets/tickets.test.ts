import { describe, expect, it } from 'vitest';
import {
  canActOnTable,
  canMarkPaid,
  canMarkServed,
  compareTickets,
  nextTicketStatus,
  orderStatusFromTickets,
  overdueMinutes,
  TICKET_ACTIONS,
  TICKET_STATUSES,
  type TicketStatus,
} from '../index.js';

const LEGAL: Record<string, TicketStatus> = {
  'new:start': 'preparing',
  'preparing:ready': 'ready',
  'ready:back': 'preparing',
  'ready:served': 'served',
  'served:recall': 'ready',
};

describe('ticket transitions', () => {
  for (const status of TICKET_STATUSES) {
    for (const action of TICKET_ACTIONS) {
      const expected = LEGAL[`${status}:${action}`] ?? null;
      it(`${status} + ${action} → ${expected ?? 'refused'}`, () => {
        expect(nextTicketStatus(status, action)).toBe(expected);
      });
    }
  }
});

describe('overdue', () => {
  const now = new Date('2026-01-01T12:30:00Z');
  it.each([
    ['2026-01-01T12:00:00Z', 20, 10],
    ['2026-01-01T12:00:00Z', 30, 0],
    ['2026-01-01T12:00:00Z', 29, 1],
    ['2026-01-01T12:29:30Z', 0, 0],
  ])('ordered %s, estimated %i min → overdue by %i', (at, est, expected) => {
    expect(overdueMinutes(at, est, now)).toBe(expected);
  });
});

describe('ticket order on the display', () => {
  it('puts urgent first, then the oldest', () => {
    const tickets = [
      { id: 'a', priority: 'normal' as const, orderTime: '2026-01-01T12:05:00Z' },
      { id: 'b', priority: 'urgent' as const, orderTime: '2026-01-01T12:10:00Z' },
      { id: 'c', priority: 'normal' as const, orderTime: '2026-01-01T12:00:00Z' },
      { id: 'd', priority: 'low' as const, orderTime: '2026-01-01T11:00:00Z' },
    ];
    expect([...tickets].sort(compareTickets).map((t) => t.id)).toEqual(['b', 'c', 'a', 'd']);
  });
});

describe('order status from its tickets', () => {
  it.each<[TicketStatus[], string]>([
    [['new'], 'new'],
    [['new', 'new'], 'new'],
    [['preparing', 'new'], 'preparing'],
    [['ready', 'new'], 'preparing'],
    [['ready', 'ready'], 'ready'],
    [['ready', 'served'], 'ready'],
    [['served', 'served'], 'served'],
    [[], 'new'],
  ])('%j → %s', (statuses, expected) => {
    expect(orderStatusFromTickets(statuses)).toBe(expected);
  });
});

describe('waiter rules', () => {
  it('marks served only when ready, paid only when all served', () => {
    expect(canMarkServed('ready')).toBe(true);
    for (const s of ['new', 'preparing', 'served', 'paid'] as const)
      expect(canMarkServed(s)).toBe(false);
    expect(canMarkPaid(['served', 'served'])).toBe(true);
    expect(canMarkPaid(['served', 'ready'])).toBe(false);
    expect(canMarkPaid([])).toBe(false);
  });

  it('lets only the assigned waiter, a manager or an admin act', () => {
    expect(canActOnTable({ id: 'w1', role: 'waiter' }, 'w1')).toBe(true);
    expect(canActOnTable({ id: 'w2', role: 'waiter' }, 'w1')).toBe(false);
    expect(canActOnTable({ id: 'w2', role: 'waiter' }, null)).toBe(false);
    expect(canActOnTable({ id: 'm', role: 'manager' }, 'w1')).toBe(true);
    expect(canActOnTable({ id: 'a', role: 'admin' }, null)).toBe(true);
  });
});
