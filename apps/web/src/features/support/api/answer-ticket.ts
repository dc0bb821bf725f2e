import { type SupportReplyInput, type SupportTicketStatus } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { allTicketsKey } from './support-keys';

export const answerTicket = ({ id, ...body }: SupportReplyInput & { id: string }) =>
  call(platformRoutes.answerSupportTicket, { params: { id }, body });

export const setTicketStatus = ({ id, status }: { id: string; status: SupportTicketStatus }) =>
  call(platformRoutes.setSupportTicketStatus, { params: { id }, body: { status } });

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
