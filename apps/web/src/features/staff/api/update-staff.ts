import type { StaffMember, StaffUpdateInput } from '@tavola/contract';
import { managerRequest } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

export const updateStaff = ({ id, body }: { id: string; body: StaffUpdateInput }) =>
  managerRequest<StaffMember>(`/api/staff/${id}`, { method: 'PUT', body });

export const useUpdateStaff = () => useStaffMutation(updateStaff);
