import type { SupportReplyInput, SupportTicket, SupportTicketStatus } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { allTicketsKey } from './support-keys';

export const answerTicket = ({ id, ...body }: SupportReplyInput & { id: string }) =>
  apiRequest<SupportTicket>(`/api/platform/support/tickets/${id}/messages`, {
    method: 'POST',
    body,
  });

export const setTicketStatus = ({ id, status }: { id: string; status: SupportTicketStatus }) =>
  apiRequest<SupportTicket>(`/api/platform/support/tickets/${id}/status`, {
    method: 'PUT',
    body: { status },
  });

/** The team answers a ticket (the restaurant sees it at once). */
export function useAnswerTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allTicketsKey }),
  });
}

/** The team moves a ticket's status. */
export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTicketStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allTicketsKey }),
  });
}
