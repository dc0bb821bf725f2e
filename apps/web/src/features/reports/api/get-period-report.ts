import {
  type ReportData,
  type ReportFormat,
  type ReportKind,
  type ReportPeriod,
} from '@tavola/contract';
import { periodReportRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall, routeUrl } from '@/lib/api-client';
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

/** The query of a range: its dates (a custom range's two, or the day the period holds), a format. */
function reportQuery(r: ReportRangeInput, format?: ReportFormat) {
  const custom = r.period === 'custom';
  return {
    period: r.period,
    from: custom ? r.from : undefined,
    to: custom ? r.to : undefined,
    date: !custom && r.date ? r.date : undefined,
    format,
  };
}

export function reportPath(kind: ReportKind, r: ReportRangeInput, format?: ReportFormat): string {
  return routeUrl(periodReportRoutes[kind], { query: reportQuery(r, format) });
}

export const getPeriodReport = <K extends ReportKind>(
  kind: K,
  range: ReportRangeInput,
  signal?: AbortSignal,
) => {
  // Each kind's route answers by that kind's schema; the generic kind is lost on the union.
  const route: (typeof periodReportRoutes)[ReportKind] = periodReportRoutes[kind];
  return managerCall(route, { query: reportQuery(range) }, { signal }) as Promise<ReportData[K]>;
};

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
