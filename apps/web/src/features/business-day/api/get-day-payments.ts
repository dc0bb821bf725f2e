import { paymentsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const dayPaymentsKey = ['business-day', 'payments'] as const;

/** The payments captured in a business day (today's when no date is given), with their refunds. */
export const getDayPayments = (date: string | null, signal?: AbortSignal) =>
  managerCall(paymentsRoutes.listPayments, { query: { date: date ?? undefined } }, { signal });

export const getDayPaymentsQueryOptions = (date: string | null) =>
  queryOptions({
    queryKey: [...dayPaymentsKey, date],
    queryFn: ({ signal }) => getDayPayments(date, signal),
    retry: false,
  });

/** A day's payments follow new payments and the day's close (which moves "today"). */
export function useDayPayments(date: string | null) {
  useInvalidateOnEvents(dayPaymentsKey, [
    'payment_completed',
    'business_day_closed',
    'business_day_reopened',
  ]);
  return useQuery(getDayPaymentsQueryOptions(date));
}
