import type { OrderPlace } from '@tavola/contract';
import { diningSessions, tables } from '../../core/db/schema.js';

type SessionRow = typeof diningSessions.$inferSelect;
type TableRow = typeof tables.$inferSelect;

/** Where a session's orders go, as tickets and events name it: its table, or the tab it is. */
export function placeOf(
  session: Pick<SessionRow, 'id' | 'orderType' | 'tabName' | 'pickupAt'>,
  table: Pick<TableRow, 'id' | 'number'> | null,
): OrderPlace {
  if (table) {
    return { tableId: table.id, tableNumber: table.number, orderType: 'dine_in', tab: null };
  }
  return {
    tableId: null,
    tableNumber: null,
    orderType: session.orderType,
    tab: {
      id: session.id,
      name: session.tabName ?? '',
      pickupAt: session.pickupAt?.toISOString() ?? null,
    },
  };
}

/**
 * The columns a query selects to say where an order goes, with its dining session joined and
 * its table LEFT joined (a tab's order has none): read back with `placeFrom`.
 */
export const placeColumns = {
  placeTableId: tables.id,
  placeTableNumber: tables.number,
  placeSessionId: diningSessions.id,
  placeOrderType: diningSessions.orderType,
  placeTabName: diningSessions.tabName,
  placePickupAt: diningSessions.pickupAt,
};

export interface PlaceColumns {
  placeTableId: string | null;
  placeTableNumber: number | null;
  placeSessionId: string;
  placeOrderType: SessionRow['orderType'];
  placeTabName: string | null;
  placePickupAt: Date | null;
}

/** Where an order goes, from the `placeColumns` a query selected. */
export function placeFrom(row: PlaceColumns): OrderPlace {
  return placeOf(
    {
      id: row.placeSessionId,
      orderType: row.placeOrderType,
      tabName: row.placeTabName,
      pickupAt: row.placePickupAt,
    },
    row.placeTableId !== null && row.placeTableNumber !== null
      ? { id: row.placeTableId, number: row.placeTableNumber }
      : null,
  );
}
