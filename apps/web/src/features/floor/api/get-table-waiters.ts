import { tablesRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const tableWaitersKey = ['floor', 'waiters'] as const;

export const getTableWaiters = (signal?: AbortSignal) =>
  call(tablesRoutes.listTableWaiters, {}, { signal });

export const getTableWaitersQueryOptions = () =>
  queryOptions({ queryKey: tableWaitersKey, queryFn: ({ signal }) => getTableWaiters(signal) });

/** Who can take a table over (the restaurant's active waiters), read when the picker opens. */
export const useTableWaiters = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getTableWaitersQueryOptions(), enabled });
