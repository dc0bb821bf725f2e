import type { ReportData, ReportFormat, ReportKind, ReportPeriod } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

/** The period a report is asked for: '' leaves a date to the server (today, local). */
export interface ReportRangeInput {
  period: ReportPeriod;
  date: string;
  from: string;
  to: string;
}

export const periodReportKey = ['reports', 'period'] as const;

/** Whether the range can be asked for (a custom one needs both its dates). */
export const rangeComplete = (r: ReportRangeInput) =>
  r.period !== 'custom' || (r.from !== '' && r.to !== '');

export function reportPath(kind: ReportKind, r: ReportRangeInput, format?: ReportFormat): string {
  const params = new URLSearchParams({ period: r.period });
  if (r.period === 'custom') {
    params.set('from', r.from);
    params.set('to', r.to);
  } else if (r.date) {
    params.set('date', r.date);
  }
  if (format) params.set('format', format);
  return `/api/reports/${kind}?${params.toString()}`;
}

export const getPeriodReport = <K extends ReportKind>(
  kind: K,
  range: ReportRangeInput,
  signal?: AbortSignal,
) => managerRequest<ReportData[K]>(reportPath(kind, range), { signal });

export const getPeriodReportQueryOptions = <K extends ReportKind>(
  kind: K,
  range: ReportRangeInput,
) =>
  queryOptions({
    queryKey: [...periodReportKey, kind, range],
    queryFn: ({ signal }) => getPeriodReport(kind, range, signal),
    enabled: rangeComplete(range),
    retry: false,
  });

/** A report over a period; orders, voids and payments refresh it. */
export function usePeriodReport<K extends ReportKind>(kind: K, range: ReportRangeInput) {
  useInvalidateOnEvents(periodReportKey, [
    'order_placed',
    'order_updated',
    'order_voided',
    'payment_completed',
  ]);
  return useQuery(getPeriodReportQueryOptions(kind, range));
}
