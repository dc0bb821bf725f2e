import { reportEmailsRoutes } from '@tavola/contract/refs';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const ROUTES = {
  lookup: reportEmailsRoutes.lookupRecipientLink,
  confirm: reportEmailsRoutes.confirmRecipientLink,
  decline: reportEmailsRoutes.declineRecipientLink,
};

const post = (action: keyof typeof ROUTES, token: string) =>
  call(ROUTES[action], { body: { token } });

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
