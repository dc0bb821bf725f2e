import { restaurantAccountRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { myTicketsKey } from './support-keys';

export const replyTicket = ({ id, message }: { id: string; message: string }) =>
  call(restaurantAccountRoutes.writeSupportTicket, { params: { id }, body: { message } });

/** The restaurant writes again on one of its tickets. */
export function useReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTicketsKey }),
  });
}
