import type { Priority, Station, Ticket } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ticketsKey } from './get-tickets';

export const setTicketPriority = ({ id, priority }: { id: string; priority: Priority }) =>
  apiRequest<Ticket>(`/api/tickets/${id}/priority`, { method: 'POST', body: { priority } });

/**
 * Raises or lowers one ticket's priority (a manager or admin at the display). Its own event
 * updates the board; a refusal reloads the station instead.
 */
export function useSetTicketPriority(station: Station) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTicketPriority,
    onError: () => queryClient.invalidateQueries({ queryKey: ticketsKey(station) }),
  });
}
