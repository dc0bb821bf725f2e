import { NOTIFICATION_DROPDOWN_SIZE } from '@tavola/contract';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { isAnsweredBy } from '@/lib/realtime/answered';
import { describeEvent } from '@/lib/realtime/describe-event';
import { useRealtime, useRealtimeEvents } from '@/lib/realtime/provider';
import { t } from '../shell-messages';
import { useTeamNotificationsOff } from './team-notifications';

/** The bell: unread count, the latest 10, 'Mark all as read', and the enable switch. */
export function NotificationBell() {
  const {
    notifications,
    notificationsEnabled,
    setNotificationsEnabled,
    markAllRead,
    markHandled,
    clearNotifications,
  } = useRealtime();
  // What an event settles (a call answered, an order served, a table paid) stops counting: the
  // count is what still needs someone, not what once happened.
  useRealtimeEvents((event) => {
    const settled = notifications
      .filter((n) => !n.handled && !n.demo && isAnsweredBy(n.event, event))
      .map((n) => n.id);
    if (settled.length) markHandled(settled);
  });
  const timeZone = useRestaurantTimeZone();
  // The platform's Settings may turn the team's notifications off.
  const teamOff = useTeamNotificationsOff();
  const unread = teamOff ? 0 : notifications.filter((n) => !n.read).length;
  const latest = notifications.slice(0, NOTIFICATION_DROPDOWN_SIZE);

  return (
    <Popover.Root>
      <Popover.Trigger
        className="relative inline-flex size-11 items-center justify-center rounded-lg border border-stone-300 bg-white hover:bg-stone-100"
        aria-label={unread ? t('notificationsUnread', { count: unread }) : t('notifications')}
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 && (
          <span className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-stone-200 bg-white p-3 shadow-xl"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="font-semibold">{t('notifications')}</p>
            <button
              type="button"
              onClick={markAllRead}
              className="min-h-8 rounded px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t('markAllRead')}
            </button>
          </div>
          {teamOff && (
            <p className="mb-2 rounded-lg bg-stone-100 px-2 py-1.5 text-sm text-stone-700">
              {t('teamNotificationsOff')}
            </p>
          )}
          {latest.length === 0 ? (
            <p className="py-6 text-center text-sm text-stone-500">{t('noNotifications')}</p>
          ) : (
            <ul
              className="max-h-80 space-y-1 overflow-y-auto"
              aria-label={t('latestNotifications')}
            >
              {latest.map((n) => (
                <li
                  key={n.id}
                  className={`rounded-lg px-2 py-1.5 text-sm ${n.read ? 'text-stone-600' : 'bg-brand-50 font-medium text-stone-900'}`}
                >
                  <span className="block">
                    {n.demo
                      ? t('demoPrefix', { text: describeEvent(n.event) })
                      : describeEvent(n.event)}
                    {n.handled && <span className="text-stone-500">{t('handled')}</span>}
                  </span>
                  <span className="text-xs text-stone-500">
                    {formatTime(n.event.timestamp, timeZone)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-2 flex items-center justify-between border-t border-stone-100 pt-2 text-sm">
            <label className="flex min-h-8 items-center gap-2">
              <input
                type="checkbox"
                checked={notificationsEnabled}
                onChange={(e) => setNotificationsEnabled(e.target.checked)}
                className="size-4 accent-brand-700"
              />
              {t('enableNotifications')}
            </label>
            {notifications.length > 0 && (
              <button
                type="button"
                onClick={clearNotifications}
                className="min-h-8 rounded px-2 font-semibold text-stone-600 hover:bg-stone-100"
              >
                {t('clear')}
              </button>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
