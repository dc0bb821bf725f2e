import { authRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The signed-in account's own two-factor sign-in (admins and managers may turn it on). */
export const twoFactorKey = ['security', 'two-factor'] as const;

export const getTwoFactor = (signal?: AbortSignal) => call(authRoutes.getTwoFactor, {}, { signal });

export const getTwoFactorQueryOptions = () =>
  queryOptions({ queryKey: twoFactorKey, queryFn: ({ signal }) => getTwoFactor(signal) });

export const useTwoFactor = () => useQuery(getTwoFactorQueryOptions());
