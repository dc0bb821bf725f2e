import { tablesRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Moves a table's whole bill to another table: seating a free one, or merging onto its bill. */
export const moveBill = ({ tableId, toTableId }: { tableId: string; toTableId: string }) =>
  call(tablesRoutes.moveTableBill, { params: { id: tableId }, body: { toTableId } });

export const useMoveBill = () => useFloorMutation(moveBill);
