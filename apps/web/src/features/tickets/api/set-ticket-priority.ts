import { type Priority, type Station } from '@tavola/contract';
import { ticketsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ticketsKey } from './get-tickets';

export const setTicketPriority = ({ id, priority }: { id: string; priority: Priority }) =>
  call(ticketsRoutes.setTicketPriority, { params: { id }, body: { priority } });

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
