import type { StaffMember } from '@tavola/contract';
import { managerRequest } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

/** DELETE deactivates: the account is signed out and cannot sign in; its history stays. */
export const deactivateStaff = ({ id }: { id: string }) =>
  managerRequest<StaffMember>(`/api/staff/${id}`, { method: 'DELETE' });

export const useDeactivateStaff = () => useStaffMutation(deactivateStaff);
