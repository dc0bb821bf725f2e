import { type CloseTableInput } from '@tavola/contract';
import { diningSessionsRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Close table: ends the table's dining session and frees it (unpaid orders: a manager's choice). */
export const closeTable = ({ tableId, body }: { tableId: string; body: CloseTableInput }) =>
  call(diningSessionsRoutes.closeTable, { params: { id: tableId }, body });

export const useCloseTable = () => useFloorMutation(closeTable);
