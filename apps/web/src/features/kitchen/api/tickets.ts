import type { Station, TicketAction, TicketStatus } from '@tavola/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface Ticket {
  id: string;
  orderId: string;
  orderNumber: number;
  tableNumber: number;
  station: Station;
  status: TicketStatus;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  orderTime: string;
  estimatedTime: number;
  startTime: string | null;
  readyTime: string | null;
  servedTime: string | null;
  waiter: string | null;
  customerCount: number;
  items: { name: string; quantity: number; notes: string | null; category: string }[];
}

export const ticketKeys = { station: (station: Station) => ['tickets', station] as const };

export const ticketsQuery = (station: Station) =>
  queryOptions({
    queryKey: ticketKeys.station(station),
    queryFn: ({ signal }) =>
      apiRequest<{ tickets: Ticket[]; recentlyServed: Ticket[] }>(
        `/api/tickets?station=${station}`,
        {
          signal,
        },
      ),
    // A wall screen must not go stale even if an event is missed: refetch every 30 s too.
    refetchInterval: 30_000,
  });

export function transitionTicket(id: string, action: TicketAction) {
  return apiRequest<Ticket>(`/api/tickets/${id}/transition`, { method: 'POST', body: { action } });
}
