import type { TableWaiter } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const tableWaitersKey = ['floor', 'waiters'] as const;

export const getTableWaiters = (signal?: AbortSignal) =>
  apiRequest<TableWaiter[]>('/api/tables/waiters', { signal });

export const getTableWaitersQueryOptions = () =>
  queryOptions({ queryKey: tableWaitersKey, queryFn: ({ signal }) => getTableWaiters(signal) });

/** Who can take a table over (the restaurant's active waiters), read when the picker opens. */
export const useTableWaiters = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getTableWaitersQueryOptions(), enabled });
