import { tablesRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

/** Every table a waiter holds, to another waiter on duty (or to nobody: `toWaiterId` null). */
export const reassignWaiterTables = ({
  fromWaiterId,
  toWaiterId,
}: {
  fromWaiterId: string;
  toWaiterId: string | null;
}) => managerCall(tablesRoutes.reassignWaiterTables, { body: { fromWaiterId, toWaiterId } });

export const useReassignWaiterTables = () => useStaffMutation(reassignWaiterTables);
