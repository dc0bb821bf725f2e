import type { MoveLine } from '@tavola/contract';
import { tablesRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/**
 * Moves a table's bill to another table (seating a free one, or merging onto its bill): all of
 * it, or only the lines given (all of a line, or some of its quantity).
 */
export const moveBill = ({
  tableId,
  toTableId,
  lines,
  fromCheck,
}: {
  tableId: string;
  toTableId: string;
  lines?: MoveLine[];
  /** A check split off the table's bill (2, 3, …) rather than the bill itself. */
  fromCheck?: number;
}) =>
  call(tablesRoutes.moveTableBill, {
    params: { id: tableId },
    body: {
      toTableId,
      ...(lines?.length ? { lines } : {}),
      ...(fromCheck && fromCheck > 1 ? { fromCheck } : {}),
    },
  });

export const useMoveBill = () => useFloorMutation(moveBill);
