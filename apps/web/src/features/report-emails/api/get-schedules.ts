import { reportEmailsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';

export const reportSchedulesKey = ['report-emails', 'schedules'] as const;

export const getReportSchedules = (signal?: AbortSignal) =>
  managerCall(reportEmailsRoutes.listReportSchedules, {}, { signal });

export const getReportSchedulesQueryOptions = () =>
  queryOptions({
    queryKey: reportSchedulesKey,
    queryFn: ({ signal }) => getReportSchedules(signal),
  });

/** The restaurant's report email schedules, and whether this server can send email at all. */
export function useReportSchedules() {
  return useQuery(getReportSchedulesQueryOptions());
}
