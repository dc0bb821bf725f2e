import type { Station, Ticket, TicketAction } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ticketsKey } from './get-tickets';

export const transitionTicket = ({ id, action }: { id: string; action: TicketAction }) =>
  apiRequest<Ticket>(`/api/tickets/${id}/transition`, { method: 'POST', body: { action } });

/**
 * Moves a ticket. Its own event updates the board; a refused move (another cook was first)
 * reloads the station instead.
 */
export function useTransitionTicket(station: Station) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionTicket,
    onError: () => queryClient.invalidateQueries({ queryKey: ticketsKey(station) }),
  });
}
