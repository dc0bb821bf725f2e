import { AUDIT_ACTIONS, auditWho, type AuditAction, type AuditPage } from '@tavola/contract';

type AuditRow = AuditPage['rows'][number];
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateRangeFields, rangeProblem } from '@/components/ui/date-range';
import { Field } from '@/components/ui/field';
import { toastProblem } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { download } from '@/lib/download';
import { formatTime } from '@/lib/format';
import {
  auditLogCsvPath,
  useAuditLog,
  type AuditFilter,
} from '@/features/audit-log/api/get-audit-log';
import { t } from '../messages';

const NO_FILTER: AuditFilter = { userId: '', action: '', from: '', to: '' };

/**
 * The admin's Audit Logs tab: the restaurant's audit log as a table
 * (Action, User, Timestamp, Details), filtered by user, action and dates, a page at a time,
 * exported as CSV, and live (each change that writes the log refreshes it).
 */
export function AuditLogTab() {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { data, isPending, isError, error, isPlaceholderData } = useAuditLog(filter, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const change = (next: Partial<AuditFilter>) => {
    const merged = { ...filter, ...next };
    const problem = rangeProblem(merged);
    setRangeError(problem);
    if (problem) return;
    setFilter(merged);
    setPage(1);
  };

  const exportCsv = () => {
    download(auditLogCsvPath(filter), 'audit-log.csv').catch((e: unknown) =>
      toastProblem(t('unableToExport'), e),
    );
  };

  const columns: Column<AuditRow>[] = [
    {
      key: 'action',
      header: t('action'),
      className: 'font-mono whitespace-nowrap',
      cell: (r) => r.action,
    },
    {
      key: 'user',
      header: t('user'),
      className: 'whitespace-nowrap',
      cell: (r) => auditWho(r.user, r.details),
    },
    {
      key: 'timestamp',
      header: t('timestamp'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <time dateTime={r.timestamp}>{formatTime(r.timestamp, data?.timezone, 'dateTime')}</time>
      ),
    },
    {
      key: 'details',
      header: t('details'),
      className: 'break-words',
      headerClassName: 'min-w-72',
      cell: (r) => r.summary || '—',
    },
  ];

  return (
    <section className="space-y-4" aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <Field label={t('user')} id="a-user" className="space-y-1">
          <Select value={filter.userId} onChange={(e) => change({ userId: e.target.value })}>
            <option value="">{t('allUsers')}</option>
            {(data?.users ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.username})
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('action')} id="a-action" className="space-y-1">
          <Select
            value={filter.action}
            onChange={(e) => change({ action: e.target.value as AuditAction | '' })}
          >
            <option value="">{t('allActions')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </Field>
        <DateRangeFields idPrefix="a" value={filter} onChange={change} />
        {(filter.userId || filter.action || filter.from || filter.to) && (
          <Button
            variant="ghost"
            onClick={() => {
              setRangeError(null);
              setFilter(NO_FILTER);
              setPage(1);
            }}
          >
            {t('clearFilters')}
          </Button>
        )}
        <Button variant="outline" onClick={exportCsv}>
          <Download aria-hidden className="size-4" /> {t('exportCsv')}
        </Button>
      </div>
      {rangeError && <Alert tone="error">{rangeError}</Alert>}
      {isError && <Alert tone="error">{error.message}</Alert>}
      <DataTable
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        loading={isPending}
        busy={isPlaceholderData}
        empty={t('noEntries')}
      />
      <Pager
        summary={data ? t('entries', { count: data.total }) : ''}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </section>
  );
}
