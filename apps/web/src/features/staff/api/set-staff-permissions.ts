import { type GrantablePermission } from '@tavola/contract';
import { staffRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

/** The point-of-sale permissions a member of staff holds beyond their role's, as a whole list. */
export const setStaffPermissions = ({
  id,
  granted,
}: {
  id: string;
  granted: GrantablePermission[];
}) => managerCall(staffRoutes.setStaffPermissions, { params: { id }, body: { granted } });

export const useSetStaffPermissions = () => useStaffMutation(setStaffPermissions);
