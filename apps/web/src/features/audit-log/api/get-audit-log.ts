import { type AuditAction } from '@tavola/contract';
import { auditRoutes } from '@tavola/contract/refs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall, routeUrl } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const auditLogKey = ['audit-log'] as const;

export interface AuditFilter {
  userId: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/** The query of a filter (empty parts left out), with the page or the CSV format. */
function auditLogQuery(
  filter: AuditFilter,
  extra: { page: number; pageSize: number } | { format: 'csv' },
) {
  return {
    userId: filter.userId || undefined,
    action: filter.action || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    ...extra,
  };
}

/** The log of a filter as a CSV file. */
export const auditLogCsvPath = (filter: AuditFilter) =>
  routeUrl(auditRoutes.getAuditLog, { query: auditLogQuery(filter, { format: 'csv' }) });

export const AUDIT_PAGE_SIZE = 25;

export const getAuditLog = (filter: AuditFilter, page: number, signal?: AbortSignal) =>
  managerCall(
    auditRoutes.getAuditLog,
    { query: auditLogQuery(filter, { page, pageSize: AUDIT_PAGE_SIZE }) },
    { signal },
  );

export const getAuditLogQueryOptions = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: [...auditLogKey, filter, page],
    queryFn: ({ signal }) => getAuditLog(filter, page, signal),
    placeholderData: keepPreviousData,
    // Sign-ins and sign-outs are written without an event: a slow refresh shows them too.
    refetchInterval: 60_000,
  });

/** A page of the audit log, live: every change that writes the log tells admins (audit_logged). */
export function useAuditLog(filter: AuditFilter, page: number) {
  useInvalidateOnEvents(auditLogKey, ['audit_logged']);
  return useQuery(getAuditLogQueryOptions(filter, page));
}
