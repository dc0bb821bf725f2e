import { type AccountEmailInput } from '@tavola/contract';
import { authRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The signed-in account's own email address and whether it is verified. */
export const accountEmailKey = ['security', 'account-email'] as const;

export const getAccountEmail = (signal?: AbortSignal) =>
  call(authRoutes.getAccountEmail, {}, { signal });

export const getAccountEmailQueryOptions = () =>
  queryOptions({ queryKey: accountEmailKey, queryFn: ({ signal }) => getAccountEmail(signal) });

export const useAccountEmail = () => useQuery(getAccountEmailQueryOptions());

/** Sets the address (or mails its link again); it stays unverified until the link is opened. */
export const updateAccountEmail = (body: AccountEmailInput) =>
  call(authRoutes.setAccountEmail, { body });

export function useUpdateAccountEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountEmail,
    onSuccess: (data) => queryClient.setQueryData(accountEmailKey, data),
  });
}
