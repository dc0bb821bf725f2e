import { planById, type Tenant } from '@tavola/contract';
import { Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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

/** Spec §2's Restaurants table, from live data: search, status filter, Suspend/Activate. */
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

      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
        <table className="w-full min-w-[64rem] text-left text-sm">
          <caption className="sr-only">Restaurants</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 uppercase">
            <tr>
              {[
                'Restaurant',
                'Admin',
                'Subscription',
                'Status',
                'Monthly Revenue',
                'Tables',
                'Staff',
                'Emails',
                'Last Activity',
                'Created',
                'Actions',
              ].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {data?.restaurants.map((r) => (
              <tr key={r.id}>
                <th scope="row" className="px-3 py-2 font-semibold text-stone-900">
                  {r.name}
                  <span className="block text-xs font-normal text-stone-500">
                    {r.slug}
                    {r.isDemo ? ' · demo' : ''}
                  </span>
                </th>
                <td className="px-3 py-2">
                  {r.admin ? (
                    <>
                      {r.admin.name}
                      <span className="block text-xs text-stone-500">{r.admin.username}</span>
                    </>
                  ) : (
                    <span className="text-stone-500">None</span>
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {planById(r.plan).name}
                  <span className="block text-xs text-stone-500">
                    {SUBSCRIPTION_LABEL[r.subscription]}
                    {r.trialEndsAt ? ` · ends ${day(r.trialEndsAt, r.timezone)}` : ''}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <Badge tone={STATUS_TONE[r.status]}>{STATUS_LABEL[r.status]}</Badge>
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {formatMoney(r.monthlyRevenue, r.currency)}
                </td>
                <td className="px-3 py-2 tabular-nums">{r.tablesCount}</td>
                <td className="px-3 py-2 tabular-nums">{r.staffCount}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
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
                </td>
                {/* On the restaurant's clock, which the column says, like every screen of it. */}
                <td className="px-3 py-2 whitespace-nowrap">
                  {r.lastActivity ? formatTime(r.lastActivity, r.timezone, 'dateTime') : 'Never'}
                  <span className="block text-xs text-stone-500">{r.timezone}</span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{day(r.createdAt, r.timezone)}</td>
                <td className="flex gap-1 px-3 py-2">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {isPending && <p className="p-6 text-center text-stone-500">Loading restaurants…</p>}
        {data && data.restaurants.length === 0 && (
          <p className="p-6 text-center text-stone-500">No restaurants match.</p>
        )}
      </div>
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
