import type { TableWaiter } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { tablesKey } from './get-tables';

export const getTableWaiters = (signal?: AbortSignal) =>
  managerRequest<TableWaiter[]>('/api/tables/waiters', { signal });

export const getTableWaitersQueryOptions = () =>
  queryOptions({
    queryKey: [...tablesKey, 'waiters'],
    queryFn: ({ signal }) => getTableWaiters(signal),
  });

/** The active waiters a table can go to, read when the manager opens Reassign. */
export const useTableWaiters = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getTableWaitersQueryOptions(), enabled });
