import { reportEmailsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';

export const emailLogKey = ['report-emails', 'log'] as const;

/** While the log is on screen it looks again every few seconds: sends finish in the background. */
const LOG_REFRESH_MS = 4000;

export const getEmailLog = (signal?: AbortSignal) =>
  managerCall(reportEmailsRoutes.getReportEmailLog, {}, { signal });

export const getEmailLogQueryOptions = () =>
  queryOptions({
    queryKey: emailLogKey,
    queryFn: ({ signal }) => getEmailLog(signal),
    refetchInterval: LOG_REFRESH_MS,
  });

/** What was sent and what failed, newest first. */
export function useEmailLog() {
  return useQuery(getEmailLogQueryOptions());
}
