import { staffRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

/** DELETE deactivates: the account is signed out and cannot sign in; its history stays. */
export const deactivateStaff = ({ id }: { id: string }) =>
  managerCall(staffRoutes.deactivateStaff, { params: { id } });

export const useDeactivateStaff = () => useStaffMutation(deactivateStaff);
