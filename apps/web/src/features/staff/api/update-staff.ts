import { type StaffUpdateInput } from '@tavola/contract';
import { staffRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

export const updateStaff = ({ id, body }: { id: string; body: StaffUpdateInput }) =>
  managerCall(staffRoutes.updateStaff, { params: { id }, body });

export const useUpdateStaff = () => useStaffMutation(updateStaff);
