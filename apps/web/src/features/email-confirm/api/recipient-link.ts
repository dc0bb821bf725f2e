import type { RecipientLink } from '@tavola/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const post = (action: 'lookup' | 'confirm' | 'decline', token: string) =>
  apiRequest<RecipientLink>(`/api/public/report-recipients/${action}`, {
    method: 'POST',
    body: { token },
    auth: false,
  });

/** What the link is for: reading it changes nothing. */
export const useRecipientLink = (token: string) =>
  useQuery({
    queryKey: ['recipient-link', token],
    queryFn: () => post('lookup', token),
    enabled: token !== '',
    retry: false,
  });

/** Confirm or Decline, pressed on the page (never on opening the link). */
export const useAnswerLink = () =>
  useMutation({
    mutationFn: ({ token, answer }: { token: string; answer: 'confirm' | 'decline' }) =>
      post(answer, token),
  });
