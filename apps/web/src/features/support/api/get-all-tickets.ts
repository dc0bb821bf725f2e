import { type SupportTicketStatus } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { allTicketsKey } from './support-keys';

export const getAllTickets = (status: SupportTicketStatus | '', signal?: AbortSignal) =>
  call(
    platformRoutes.listAllSupportTickets,
    { query: { status: status || undefined } },
    { signal },
  );

export const getAllTicketsQueryOptions = (status: SupportTicketStatus | '') =>
  queryOptions({
    queryKey: [...allTicketsKey, status],
    queryFn: ({ signal }) => getAllTickets(status, signal),
    placeholderData: keepPreviousData,
    // Live through platform events; a status moved by another team member shows within 30 s.
    refetchInterval: 30_000,
  });

/** The team's Support tab: counts by status and the tickets (of one status, or all). */
export const useAllTickets = (status: SupportTicketStatus | '') =>
  useQuery(getAllTicketsQueryOptions(status));
