import { type JournalFormat } from '@tavola/contract';
import { businessDaysRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall, routeUrl } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const zReportKey = ['business-day', 'report'] as const;

/** A day's Z report; today's when no date is given. */
export const getZReport = (date: string | null, signal?: AbortSignal) =>
  managerCall(businessDaysRoutes.getZReport, { query: { date: date ?? undefined } }, { signal });

export const getZReportQueryOptions = (date: string | null) =>
  queryOptions({
    queryKey: [...zReportKey, date],
    queryFn: ({ signal }) => getZReport(date, signal),
    retry: false,
  });

/** An open day's figures follow orders, voids, payments and closed tables; its status the closes. */
export function useZReport(date: string | null) {
  useInvalidateOnEvents(zReportKey, [
    'order_placed',
    'order_voided',
    'payment_completed',
    'table_closed',
    'business_day_closed',
    'business_day_reopened',
  ]);
  return useQuery(getZReportQueryOptions(date));
}

/** The day's Z report PDF and accounting files, fetched with the staff token. */
export const dayFilePath = (date: string, file: 'pdf' | JournalFormat) =>
  file === 'pdf'
    ? routeUrl(businessDaysRoutes.getZReport, { query: { date, format: 'pdf' } })
    : routeUrl(businessDaysRoutes.getJournal, { query: { date, format: file } });
