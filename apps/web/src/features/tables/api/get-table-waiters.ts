import { tablesRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { tablesKey } from './get-tables';

export const getTableWaiters = (signal?: AbortSignal) =>
  managerCall(tablesRoutes.listTableWaiters, {}, { signal });

export const getTableWaitersQueryOptions = () =>
  queryOptions({
    queryKey: [...tablesKey, 'waiters'],
    queryFn: ({ signal }) => getTableWaiters(signal),
  });

/** The active waiters a table can go to, read when the manager opens Reassign. */
export const useTableWaiters = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getTableWaitersQueryOptions(), enabled });
