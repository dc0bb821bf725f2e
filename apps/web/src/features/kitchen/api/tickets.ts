import type { Station, Ticket, TicketAction } from '@tavola/contract';

export type { Ticket } from '@tavola/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { LiveEventOf } from '../../../lib/realtime/events';

export interface TicketsData {
  tickets: Ticket[];
  recentlyServed: Ticket[];
}

/** A new ticket as its `kitchen_order` / `bar_order` event carries it. */
export function ticketFromEvent(event: LiveEventOf<'kitchen_order' | 'bar_order'>): Ticket {
  const { data } = event;
  return {
    id: data.ticketId,
    orderId: data.orderId,
    orderNumber: data.orderNumber,
    tableId: data.tableId,
    tableNumber: data.tableNumber,
    station: event.type === 'kitchen_order' ? 'kitchen' : 'bar',
    status: 'new',
    priority: data.priority,
    orderTime: data.orderTime,
    estimatedTime: data.estimatedTime,
    startTime: null,
    readyTime: null,
    servedTime: null,
    waiter: null,
    customerCount: data.customerCount,
    items: data.items.map(({ name, quantity, notes, category }) => ({
      name,
      quantity,
      notes,
      category,
    })),
  };
}

export const ticketKeys = { station: (station: Station) => ['tickets', station] as const };

export const ticketsQuery = (station: Station) =>
  queryOptions({
    queryKey: ticketKeys.station(station),
    queryFn: ({ signal }) => apiRequest<TicketsData>(`/api/tickets?station=${station}`, { signal }),
    // A wall screen must not go stale even if an event is missed: refetch every 30 s too.
    refetchInterval: 30_000,
  });

export function transitionTicket(id: string, action: TicketAction) {
  return apiRequest<Ticket>(`/api/tickets/${id}/transition`, { method: 'POST', body: { action } });
}
