import type { ClosedTable, CloseTableInput } from '@tavola/contract';
import { apiRequest } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/** Close table: ends the table's dining session and frees it (unpaid orders: a manager's choice). */
export const closeTable = ({ tableId, body }: { tableId: string; body: CloseTableInput }) =>
  apiRequest<ClosedTable>(`/api/tables/${tableId}/close`, { method: 'POST', body });

export const useCloseTable = () => useFloorMutation(closeTable);
