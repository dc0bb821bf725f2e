import { type SupportTicketCreateInput } from '@tavola/contract';
import { restaurantAccountRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { myTicketsKey } from './support-keys';

export const openTicket = (body: SupportTicketCreateInput) =>
  call(restaurantAccountRoutes.openSupportTicket, { body });

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTicketsKey }),
  });
}
