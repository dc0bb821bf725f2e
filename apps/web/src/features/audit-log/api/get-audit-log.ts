import type { AuditAction, AuditPage } from '@tavola/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const auditLogKey = ['audit-log'] as const;

export interface AuditFilter {
  userId: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/** The query string of a filter (empty parts left out), with the page or the CSV format. */
export function auditLogPath(filter: AuditFilter, extra: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const key of ['userId', 'action', 'from', 'to'] as const) {
    if (filter[key]) query.set(key, filter[key]);
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `/api/audit-log?${query.toString()}`;
}

export const AUDIT_PAGE_SIZE = 25;

export const getAuditLog = (filter: AuditFilter, page: number, signal?: AbortSignal) =>
  managerRequest<AuditPage>(
    auditLogPath(filter, { page: String(page), pageSize: String(AUDIT_PAGE_SIZE) }),
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
