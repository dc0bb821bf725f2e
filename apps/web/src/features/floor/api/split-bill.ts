import type { MoveLine } from '@tavola/contract';
import { tablesRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Splits the lines given off a table's bill into a new check at the same table. */
export const splitBill = ({ tableId, lines }: { tableId: string; lines: MoveLine[] }) =>
  call(tablesRoutes.splitTableBill, { params: { id: tableId }, body: { lines } });

export const useSplitBill = () => useFloorMutation(splitBill);
