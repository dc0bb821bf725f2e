import type { SupportTicket, SupportTicketCreateInput } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myTicketsKey } from './support-keys';

export const openTicket = (body: SupportTicketCreateInput) =>
  apiRequest<SupportTicket>('/api/support/tickets', { method: 'POST', body });

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTicketsKey }),
  });
}
