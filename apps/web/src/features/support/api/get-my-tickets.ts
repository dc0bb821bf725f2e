import { restaurantAccountRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { myTicketsKey } from './support-keys';

export const getMyTickets = (signal?: AbortSignal) =>
  call(restaurantAccountRoutes.listSupportTickets, {}, { signal });

export const getMyTicketsQueryOptions = () =>
  queryOptions({ queryKey: myTicketsKey, queryFn: ({ signal }) => getMyTickets(signal) });

/** The restaurant's support tickets with their messages (read while the Help dialog is open). */
export const useMyTickets = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getMyTicketsQueryOptions(), enabled });
