import type { ReassignedTables } from '@tavola/contract';
import { managerRequest } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

/** Every table a waiter holds, to another waiter on duty (or to nobody: `toWaiterId` null). */
export const reassignWaiterTables = ({
  fromWaiterId,
  toWaiterId,
}: {
  fromWaiterId: string;
  toWaiterId: string | null;
}) =>
  managerRequest<ReassignedTables>('/api/tables/reassign', {
    method: 'POST',
    body: { fromWaiterId, toWaiterId },
  });

export const useReassignWaiterTables = () => useStaffMutation(reassignWaiterTables);
