import { AUDIT_ACTIONS, auditWho, type AuditAction } from '@tavola/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { download } from '@/lib/download';
import { formatTime } from '@/lib/format';
import {
  auditLogPath,
  useAuditLog,
  type AuditFilter,
} from '@/features/audit-log/api/get-audit-log';

const NO_FILTER: AuditFilter = { userId: '', action: '', from: '', to: '' };

/**
 * The admin's Audit Logs tab (spec §2; issue 15, item 7): the restaurant's audit log as a table
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
    if (merged.from && merged.to && merged.from > merged.to) {
      setRangeError('The start date must not be after the end date');
      return;
    }
    setRangeError(null);
    setFilter(merged);
    setPage(1);
  };

  const exportCsv = () => {
    download(auditLogPath(filter, { format: 'csv' }), 'audit-log.csv').catch((e: unknown) =>
      toast({
        title: 'Unable to export',
        description: e instanceof Error ? e.message : 'Please try again',
        variant: 'destructive',
      }),
    );
  };

  return (
    <section className="space-y-4" aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-xl font-bold">
        Audit Logs
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="a-user">User</Label>
          <Select
            id="a-user"
            value={filter.userId}
            onChange={(e) => change({ userId: e.target.value })}
          >
            <option value="">All users</option>
            {(data?.users ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.username})
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="a-action">Action</Label>
          <Select
            id="a-action"
            value={filter.action}
            onChange={(e) => change({ action: e.target.value as AuditAction | '' })}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="a-from">From</Label>
          <Input
            id="a-from"
            type="date"
            value={filter.from}
            onChange={(e) => change({ from: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="a-to">To</Label>
          <Input
            id="a-to"
            type="date"
            value={filter.to}
            onChange={(e) => change({ to: e.target.value })}
          />
        </div>
        {(filter.userId || filter.action || filter.from || filter.to) && (
          <Button
            variant="ghost"
            onClick={() => {
              setRangeError(null);
              setFilter(NO_FILTER);
              setPage(1);
            }}
          >
            Clear filters
          </Button>
        )}
        <Button variant="outline" onClick={exportCsv}>
          <Download aria-hidden className="size-4" /> Export CSV
        </Button>
      </div>
      {rangeError && <Alert tone="error">{rangeError}</Alert>}
      {isError && <Alert tone="error">{error.message}</Alert>}
      <div
        className="overflow-x-auto rounded-xl border border-stone-200 bg-white"
        aria-busy={isPlaceholderData}
      >
        <table className="w-full min-w-[720px] text-left text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              {['Action', 'User', 'Timestamp', 'Details'].map((h) => (
                <th
                  key={h}
                  scope="col"
                  className={`px-3 py-2 font-semibold whitespace-nowrap ${h === 'Details' ? 'min-w-72' : ''}`}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {isPending ? (
              <tr>
                <td colSpan={4} className="px-3 py-8 text-center text-stone-500">
                  Loading…
                </td>
              </tr>
            ) : data?.rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-8 text-center text-stone-500">
                  No audit entries match these filters.
                </td>
              </tr>
            ) : (
              data?.rows.map((r) => (
                <tr key={r.id}>
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{r.action}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{auditWho(r.user, r.details)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={r.timestamp}>
                      {formatTime(r.timestamp, data.timezone, 'dateTime')}
                    </time>
                  </td>
                  <td className="px-3 py-2 break-words">{r.summary || '—'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        summary={data ? `${data.total} entries` : ''}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </section>
  );
}
