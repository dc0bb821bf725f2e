import type { SupportTicketList } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myTicketsKey } from './support-keys';

export const getMyTickets = (signal?: AbortSignal) =>
  apiRequest<SupportTicketList>('/api/support/tickets', { signal });

export const getMyTicketsQueryOptions = () =>
  queryOptions({ queryKey: myTicketsKey, queryFn: ({ signal }) => getMyTickets(signal) });

/** The restaurant's support tickets with their messages (read while the Help dialog is open). */
export const useMyTickets = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getMyTicketsQueryOptions(), enabled });
