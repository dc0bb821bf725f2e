import { Alert } from '@/components/ui/alert';
import { formatTime } from '@/lib/format';
import { describeEvent } from '@/lib/realtime/describe-event';
import { usePlatformEvents } from '../api/get-platform-events';
import { usePlatformOverview } from '../api/get-platform-overview';
import { useRefreshOnPlatformEvents } from '../api/platform-key';

/** The team's Overview: restaurants by status, trials ending soon, today's orders, recent events. */
export function PlatformOverviewTab() {
  useRefreshOnPlatformEvents();
  const { data, isError, error } = usePlatformOverview();
  const events = usePlatformEvents(10);
  const value = (n: number | undefined) => (n === undefined ? '—' : String(n));
  const cards = [
    { label: 'Restaurants', value: value(data?.restaurants.total) },
    { label: 'Active', value: value(data?.restaurants.active) },
    { label: 'On trial', value: value(data?.restaurants.trial) },
    { label: 'Suspended', value: value(data?.restaurants.suspended) },
    {
      label: 'Trials ending in 7 days',
      value: value(data?.trialsEndingIn7Days),
    },
    {
      label: 'Orders today',
      value: value(data?.ordersToday),
      hint: 'Across every restaurant, each by its own local day',
    },
  ];
  return (
    <div className="space-y-6">
      {isError && <Alert tone="error">{error.message}</Alert>}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm font-medium text-stone-600">{c.label}</p>
            <p className="text-2xl font-bold tabular-nums">{c.value}</p>
            {c.hint && <p className="text-xs text-stone-500">{c.hint}</p>}
          </div>
        ))}
      </div>
      <section aria-labelledby="platform-activity" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="platform-activity" className="mb-2 font-semibold">
          Recent platform activity
        </h2>
        {events.data?.length === 0 && (
          <p className="text-sm text-stone-500">Nothing has happened on the platform yet.</p>
        )}
        <ul className="divide-y divide-stone-100 text-sm">
          {events.data?.map((e) => (
            <li key={e.seq} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span>{describeEvent(e)}</span>
              <span className="text-xs text-stone-500">
                {formatTime(e.timestamp, undefined, 'dateTime')}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
