import { ROLE_LABELS } from '@tavola/contract';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { logout, useSession } from '@/lib/auth';
import { ConnectionIndicator } from './realtime/connection-indicator';
import { NotificationBell } from './realtime/notification-bell';
import { Button } from './ui/button';

/** The header every staff dashboard shares: title, who is signed in, and Logout. */
export function StaffShell({
  title,
  subtitle,
  actions,
  logoutTo = '/login',
  wide = false,
  children,
}: {
  /** Use the whole width (wall screens). */
  wide?: boolean;
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  logoutTo?: string;
  children?: ReactNode;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const onLogout = async () => {
    await logout();
    await navigate(logoutTo, { replace: true });
  };
  return (
    <div className="min-h-screen bg-stone-50">
      <header className="sticky top-0 z-10 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div
          className={`mx-auto flex flex-wrap items-center gap-3 px-4 py-3 ${wide ? '' : 'max-w-7xl'}`}
        >
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-xl font-bold text-stone-900">{title}</h1>
            <p className="truncate text-sm text-stone-600">
              {subtitle ??
                (session
                  ? `Welcome, ${session.user.name} (${ROLE_LABELS[session.user.role]})`
                  : '')}
            </p>
          </div>
          <ConnectionIndicator />
          {actions}
          {session?.user.restaurant_id && <NotificationBell />}
          <Button variant="outline" onClick={() => void onLogout()}>
            <LogOut aria-hidden className="size-4" />
            Logout
          </Button>
        </div>
      </header>
      <main className={`mx-auto px-4 py-6 ${wide ? '' : 'max-w-7xl'}`}>{children}</main>
    </div>
  );
}

/** Placeholder body for a dashboard whose screens land in a later issue. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
      {what} is being connected to live restaurant data.
    </div>
  );
}
