import type { Station, Ticket, TicketAction } from '@tavola/contract';

export type { Ticket } from '@tavola/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface TicketsData {
  tickets: Ticket[];
  recentlyServed: Ticket[];
}

/** A new ticket as its `kitchen_order` / `bar_order` event describes it. */
export function ticketFromEvent(data: Record<string, unknown>, station: Station): Ticket | null {
  if (typeof data.ticketId !== 'string' || typeof data.orderNumber !== 'number') return null;
  const items = Array.isArray(data.items) ? (data.items as Ticket['items']) : [];
  return {
    id: data.ticketId,
    orderId: String(data.orderId),
    orderNumber: data.orderNumber,
    tableId: String(data.tableId),
    tableNumber: Number(data.tableNumber),
    station,
    status: 'new',
    priority: (data.priority as Ticket['priority'] | undefined) ?? 'normal',
    orderTime: typeof data.orderTime === 'string' ? data.orderTime : new Date().toISOString(),
    estimatedTime: Number(data.estimatedTime) || 0,
    startTime: null,
    readyTime: null,
    servedTime: null,
    waiter: null,
    customerCount: Number(data.customerCount) || 1,
    items: items.map((i) => ({
      name: i.name,
      quantity: i.quantity,
      notes: i.notes ?? null,
      category: i.category,
    })),
  };
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
