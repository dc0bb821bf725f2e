import type { MoveLine } from '@tavola/contract';
import { tablesRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';

/** What a split asks the server: these lines of one check onto another check, or a new one. */
export interface SplitRequest {
  tableId: string;
  lines: MoveLine[];
  /** The table's own bill (check 1) when absent. */
  fromCheck?: number | undefined;
  /** A new check when absent. */
  toCheck?: number | undefined;
}

/**
 * Moves the lines given off one check of a table onto another open check of it, or into a new
 * check. The floor and the order screen each refresh their own data after it.
 */
export const splitBill = ({ tableId, lines, fromCheck, toCheck }: SplitRequest) =>
  call(tablesRoutes.splitTableBill, {
    params: { id: tableId },
    body: {
      lines,
      ...(fromCheck !== undefined && fromCheck !== 1 ? { fromCheck } : {}),
      ...(toCheck !== undefined ? { toCheck } : {}),
    },
  });
