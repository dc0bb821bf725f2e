import { type TableNotificationType } from '@tavola/contract';
import { requestsRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

/**
 * Answers a table's notification (a call, a bill request, a new order or a new table): one of
 * them by `refId`, or without it every open one of that kind (a badge counts them all).
 */
export const respondToTable = ({
  tableId,
  type,
  refId = null,
}: {
  tableId: string;
  type: TableNotificationType;
  refId?: string | null;
}) =>
  call(requestsRoutes.respondToTable, {
    params: { id: tableId },
    body: refId ? { type, refId } : { type },
  });

export const useRespondToTable = () => useFloorMutation(respondToTable);
