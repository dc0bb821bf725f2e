import { type Station, type TicketAction } from '@tavola/contract';
import { ticketsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ticketsKey } from './get-tickets';

export const transitionTicket = ({ id, action }: { id: string; action: TicketAction }) =>
  call(ticketsRoutes.transitionTicket, { params: { id }, body: { action } });

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
