import type { StaffMember } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';

export const staffKey = ['staff'] as const;

export const getStaff = (signal?: AbortSignal) =>
  managerRequest<StaffMember[]>('/api/staff', { signal });

export const getStaffQueryOptions = () =>
  queryOptions({ queryKey: [...staffKey, 'list'], queryFn: ({ signal }) => getStaff(signal) });

export const useStaff = () => useQuery(getStaffQueryOptions());
