import type { LineSnapshot } from '@tavola/contract';
import type { orderItems } from '../../core/db/schema.js';

type LineRow = typeof orderItems.$inferSelect;

/** A line's snapshot as its `order_items` columns. */
export function snapshotColumns(line: LineSnapshot) {
  return {
    lineKey: line.key,
    menuItemId: line.menuItemId,
    name: line.name,
    category: line.category,
    station: line.station,
    options: line.options,
    unitPriceCents: line.unitCents,
    notes: line.notes,
    allergens: line.allergens,
    seat: line.seat,
    course: line.course,
  };
}

/** The snapshot a stored line was placed with: what tickets, bills, receipts and reports read. */
export function lineSnapshotOf(row: LineRow): LineSnapshot {
  return {
    key: row.lineKey,
    menuItemId: row.menuItemId,
    name: row.name,
    category: row.category,
    station: row.station,
    options: row.options,
    unitCents: row.unitPriceCents,
    notes: row.notes,
    allergens: row.allergens,
    seat: row.seat,
    course: row.course,
  };
}

/** Who rang a stored line up: the member of staff, or null when the guest ordered it. */
export function enteredByOf(
  row: Pick<LineRow, 'enteredBy' | 'enteredByName'>,
): { id: string | null; name: string } | null {
  return row.enteredByName === null ? null : { id: row.enteredBy, name: row.enteredByName };
}
