import type { SupportTicket } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myTicketsKey } from './support-keys';

export const replyTicket = ({ id, message }: { id: string; message: string }) =>
  apiRequest<SupportTicket>(`/api/support/tickets/${id}/messages`, {
    method: 'POST',
    body: { message },
  });

/** The restaurant writes again on one of its tickets. */
export function useReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTicketsKey }),
  });
}
