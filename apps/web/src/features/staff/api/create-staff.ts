import type { StaffCreateInput, StaffMember } from '@tavola/contract';
import { managerRequest } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

export const createStaff = ({ body }: { body: StaffCreateInput }) =>
  managerRequest<StaffMember>('/api/staff', { method: 'POST', body });

export const useCreateStaff = () => useStaffMutation(createStaff);
