import { countsAsNewOrder, type Floor, type FloorOrder, type FloorTable } from '@tavola/contract';
import type { LiveEvent } from '@/lib/realtime/events';

/**
 * Events that say all of their change, so the floor is patched from them alone: an order's
 * progress or priority, and an answered notification. Any other floor event (a new order, a
 * claim, a payment, a void, a table moving) reloads the floor.
 */
export function floorEventNeedsReload(event: LiveEvent): boolean {
  switch (event.type) {
    case 'order_updated':
    case 'order_ready':
    case 'priority_changed':
      return false;
    case 'table_updated':
      return event.data.responded === undefined;
    default:
      return true;
  }
}

function patchOrders(
  table: FloorTable,
  orderId: string,
  change: (order: FloorOrder) => FloorOrder,
): FloorTable {
  return {
    ...table,
    orders: table.orders.map((o) => (o.id === orderId ? change(o) : o)),
    currentOrder:
      table.currentOrder?.id === orderId ? change(table.currentOrder) : table.currentOrder,
  };
}

/** Drops answered refs from one kind of notification; the badge goes when none is left. */
function withoutNotified(
  table: FloorTable,
  type: FloorTable['notifications'][number]['type'],
  refIds: readonly string[] | 'all',
): FloorTable['notifications'] {
  return table.notifications.flatMap((n) => {
    if (n.type !== type) return [n];
    if (refIds === 'all') return [];
    const left = n.refIds.filter((id) => !refIds.includes(id));
    if (left.length === n.refIds.length) return [n];
    return left.length ? [{ ...n, refIds: left, count: left.length }] : [];
  });
}

/**
 * The floor after an event that `floorEventNeedsReload` says can be patched: the same object when
 * the event changes nothing shown (an order or table not on the floor).
 */
export function applyFloorEvent(floor: Floor, event: LiveEvent): Floor {
  // A tab's events name no table: nothing on the floor changes.
  const onTable = (tableId: string | null, change: (table: FloorTable) => FloorTable): Floor => {
    if (tableId === null || !floor.tables.some((t) => t.id === tableId)) return floor;
    return { ...floor, tables: floor.tables.map((t) => (t.id === tableId ? change(t) : t)) };
  };
  switch (event.type) {
    case 'order_updated': {
      const { tableId, orderId, status } = event.data;
      return onTable(tableId, (table) => {
        const patched = patchOrders(table, orderId, (o) => ({ ...o, status }));
        // A served order is no longer a new one, acknowledged or not.
        const stillNew = countsAsNewOrder({ status, acknowledged: false });
        return {
          ...patched,
          notifications: stillNew
            ? table.notifications
            : withoutNotified(table, 'new_order', [orderId]),
          lastActivity: event.timestamp,
        };
      });
    }
    case 'priority_changed': {
      const { tableId, orderId, priority } = event.data;
      return onTable(tableId, (table) => patchOrders(table, orderId, (o) => ({ ...o, priority })));
    }
    case 'table_updated': {
      const { tableId, responded, refId, status } = event.data;
      if (responded === undefined) return floor;
      return onTable(tableId, (table) => ({
        ...table,
        status,
        notifications: withoutNotified(table, responded, refId ? [refId] : 'all'),
        lastActivity: event.timestamp,
      }));
    }
    default:
      return floor;
  }
}
