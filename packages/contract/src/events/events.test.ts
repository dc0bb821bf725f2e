import { describe, expect, it } from 'vitest';
import { canReceiveEvent, EVENT_TYPES, guestCanReceive } from '../index.js';
import { ROLES, type Role } from '../index.js';

// The visibility table written out in full, independently of EVENT_VISIBILITY: event type → roles that receive it.
const EXPECTED: Record<string, Role[]> = {
  table_activated: ['waiter', 'manager', 'admin'],
  call_waiter: ['waiter', 'manager', 'admin'],
  payment_requested: ['waiter', 'manager', 'admin'],
  kitchen_order: ['kitchen', 'manager', 'admin'],
  bar_order: ['bar', 'manager', 'admin'],
  order_placed: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  staff_notification: ['waiter', 'kitchen', 'bar', 'manager', 'admin', 'team'],
  // Beyond the prototype's list: the manager's menu list reloads on menu_updated.
  menu_updated: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  user_joined: [],
  payment_completed: ['waiter', 'manager', 'admin'],
  payment_refunded: ['manager', 'admin'],
  bill_part_paid: ['waiter', 'manager', 'admin'],
  table_updated: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  order_updated: ['waiter', 'manager', 'admin'],
  order_ready: ['waiter', 'manager', 'admin'],
  kitchen_ticket_updated: ['kitchen', 'manager', 'admin'],
  bar_ticket_updated: ['bar', 'manager', 'admin'],
  order_voided: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  bill_discounted: ['waiter', 'bar', 'manager', 'admin'],
  priority_changed: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  review_left: ['manager', 'admin'],
  backup_updated: ['admin'],
  audit_logged: ['admin'],
  support_ticket_updated: ['manager', 'admin'],
  staff_updated: ['manager', 'admin'],
  // For the server's own consumers only.
  report_recipients_named: [],
  business_day_closed: ['manager', 'admin'],
  business_day_reopened: ['manager', 'admin'],
  table_closed: ['waiter', 'manager', 'admin'],
  table_reassigned: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  // A bar tab, counter order or takeaway opened: the tab lists.
  tab_opened: ['waiter', 'bar', 'manager', 'admin'],
  tab_closed: ['waiter', 'bar', 'manager', 'admin'],
  // An added station's tickets: worked by the kitchen's or the bar's staff, by its kind.
  station_order: ['kitchen', 'bar', 'manager', 'admin'],
  station_ticket_updated: ['kitchen', 'bar', 'manager', 'admin'],
  stations_updated: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  webhook_endpoint_disabled: ['manager', 'admin'],
  // A held course fired: every display and the waiter's order screen.
  course_fired: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  courses_updated: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  // Printer alerts: the manager and the stations' displays.
  printer_status_changed: ['kitchen', 'bar', 'manager', 'admin'],
  print_job_rerouted: ['kitchen', 'bar', 'manager', 'admin'],
  something_else: [],
  constructor: [],
  __proto__: [],
};

describe('event visibility (spec §6)', () => {
  for (const [type, roles] of Object.entries(EXPECTED)) {
    it.each(ROLES)(`${type} → %s`, (role) => {
      expect(canReceiveEvent(role, type)).toBe(roles.includes(role));
    });
  }

  it('covers every event type the product emits', () => {
    for (const type of EVENT_TYPES) expect(Object.hasOwn(EXPECTED, type)).toBe(true);
  });

  it("lets a guest see only its own table's events and menu changes", () => {
    expect(guestCanReceive({ type: 'order_placed', tableId: 't1' }, 't1')).toBe(true);
    expect(guestCanReceive({ type: 'order_placed', tableId: 't2' }, 't1')).toBe(false);
    expect(guestCanReceive({ type: 'menu_updated', tableId: null }, 't1')).toBe(true);
    expect(guestCanReceive({ type: 'staff_notification', tableId: null }, 't1')).toBe(false);
    expect(guestCanReceive({ type: 'order_voided', tableId: 't1' }, 't1')).toBe(true);
    expect(guestCanReceive({ type: 'order_voided', tableId: 't2' }, 't1')).toBe(false);
  });
});
