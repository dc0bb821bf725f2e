import { planById, type Tenant } from '@tavola/contract';
import { Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatMoney, formatTime } from '@/lib/format';
import { useTenants, type TenantStatus } from '../api/get-tenants';
import type { StatusChange } from '../api/set-restaurant-status';
import { useRefreshOnPlatformEvents } from '../api/platform-key';
import { CreateRestaurantDialog } from './create-restaurant-dialog';
import { StatusDialog } from './status-dialog';
import { UsageDialog } from './usage-dialog';

const STATUS_TONE = { active: 'green', trial: 'blue', suspended: 'red' } as const;
const STATUS_LABEL = { active: 'Active', trial: 'Trial', suspended: 'Suspended' } as const;
const SUBSCRIPTION_LABEL = { trial: 'Trial', monthly: 'Monthly', yearly: 'Yearly' } as const;

/** A date on the restaurant's own calendar (its time zone), as its staff see it. */
const day = (iso: string, timeZone: string) =>
  formatTime(iso, timeZone, 'dateTime').split(',')[0] ?? iso;

/** The Restaurants table, from live data: search, status filter, Suspend/Activate. */
export function RestaurantsTab() {
  useRefreshOnPlatformEvents();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TenantStatus | ''>('');
  // Typing does not send a request per key press while the previous one is still on its way.
  const deferredSearch = useDeferredValue(search);
  const { data, isPending, isError, error } = useTenants({ search: deferredSearch, status });
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<{ tenant: Tenant; change: StatusChange } | null>(null);
  const [usageOf, setUsageOf] = useState<Tenant | null>(null);

  const columns: Column<Tenant>[] = [
    {
      key: 'restaurant',
      header: 'Restaurant',
      rowHeader: true,
      className: 'text-stone-900',
      cell: (r) => (
        <>
          {r.name}
          <span className="block text-xs font-normal text-stone-500">
            {r.slug}
            {r.isDemo ? ' · demo' : ''}
          </span>
        </>
      ),
    },
    {
      key: 'admin',
      header: 'Admin',
      cell: (r) =>
        r.admin ? (
          <>
            {r.admin.name}
            <span className="block text-xs text-stone-500">{r.admin.username}</span>
          </>
        ) : (
          <span className="text-stone-500">None</span>
        ),
    },
    {
      key: 'subscription',
      header: 'Subscription',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <>
          {planById(r.plan).name}
          <span className="block text-xs text-stone-500">
            {SUBSCRIPTION_LABEL[r.subscription]}
            {r.trialEndsAt ? ` · ends ${day(r.trialEndsAt, r.timezone)}` : ''}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{STATUS_LABEL[r.status]}</Badge>,
    },
    {
      key: 'revenue',
      header: 'Monthly Revenue',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => formatMoney(r.monthlyRevenue, r.currency),
    },
    { key: 'tables', header: 'Tables', className: 'tabular-nums', cell: (r) => r.tablesCount },
    { key: 'staff', header: 'Staff', className: 'tabular-nums', cell: (r) => r.staffCount },
    {
      key: 'emails',
      header: 'Emails',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => (
        <span aria-label={`Emails sent by ${r.name}`}>
          {r.emails.today} today · {r.emails.last7Days} in 7 days
          <span className="block text-xs text-stone-500">
            {r.emails.confirmationsLast7Days} confirmations
            {r.emails.refusedLast7Days > 0 && (
              <span className="font-semibold text-red-700">
                {' '}
                · {r.emails.refusedLast7Days} over the limit
              </span>
            )}
          </span>
        </span>
      ),
    },
    {
      // On the restaurant's clock, which the column says, like every screen of it.
      key: 'last-activity',
      header: 'Last Activity',
      className: 'whitespace-nowrap',
      cell: (r) => (
        <>
          {r.lastActivity ? formatTime(r.lastActivity, r.timezone, 'dateTime') : 'Never'}
          <span className="block text-xs text-stone-500">{r.timezone}</span>
        </>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      className: 'whitespace-nowrap',
      cell: (r) => day(r.createdAt, r.timezone),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) => (
        <div className="flex gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Usage of ${r.name}`}
            onClick={() => setUsageOf(r)}
          >
            Usage
          </Button>
          {r.status === 'suspended' ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Activate ${r.name}`}
              onClick={() => setChanging({ tenant: r, change: 'activate' })}
            >
              Activate
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              className="text-red-700"
              aria-label={`Suspend ${r.name}`}
              onClick={() => setChanging({ tenant: r, change: 'suspend' })}
            >
              Suspend
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-56 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
          />
          <Input
            aria-label="Search restaurants"
            placeholder="Search by name, slug or admin"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
            maxLength={100}
          />
        </div>
        <Select
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as TenantStatus | '')}
          className="w-auto"
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="trial">Trial</option>
          <option value="suspended">Suspended</option>
        </Select>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" /> Add Restaurant
        </Button>
      </div>

      {isError && <Alert tone="error">{error.message}</Alert>}

      <DataTable
        label="Restaurants"
        columns={columns}
        rows={data?.restaurants}
        rowKey={(r) => r.id}
        loading={isPending}
        empty="No restaurants match."
        minWidth="min-w-[64rem]"
        className="shadow-sm"
      />
      {data && data.total > data.restaurants.length && (
        <p className="text-sm text-stone-600">
          Showing the newest {data.restaurants.length} of {data.total}; search to narrow down.
        </p>
      )}

      <CreateRestaurantDialog open={adding} onOpenChange={setAdding} />
      <UsageDialog restaurant={usageOf} onClose={() => setUsageOf(null)} />
      <StatusDialog
        tenant={changing?.tenant ?? null}
        change={changing?.change ?? 'suspend'}
        onClose={() => setChanging(null)}
      />
    </div>
  );
}
