import { type StaffCreateInput } from '@tavola/contract';
import { staffRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

export const createStaff = ({ body }: { body: StaffCreateInput }) =>
  managerCall(staffRoutes.createStaff, { body });

export const useCreateStaff = () => useStaffMutation(createStaff);
