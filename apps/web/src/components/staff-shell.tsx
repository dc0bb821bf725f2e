import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { logout, useSession } from '@/lib/auth';
import { BrandLogo } from './brand/brand-logo';
import { brandStyle } from './brand/brand-style';
import { MaintenanceBanner } from './brand/maintenance-banner';
import { useStaffBrand } from './brand/staff-brand';
import { TrialEndedBanner } from './plan/trial-ended-banner';
import { ConnectionIndicator } from './realtime/connection-indicator';
import { NotificationBell } from './realtime/notification-bell';
import { roleLabel, t } from './shell-messages';
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
  // White label: the restaurant's brand, or the platform's.
  const brand = useStaffBrand();
  const onLogout = async () => {
    await logout();
    await navigate(logoutTo, { replace: true });
  };
  return (
    <div className="min-h-screen bg-stone-50" style={brandStyle(brand.primaryColor)}>
      <header className="sticky top-0 z-10 border-b border-stone-200 bg-white/95 backdrop-blur">
        {/* Wraps rather than cuts: on a phone the title may take two lines and the controls drop
            below it when they do not fit beside it; nothing widens the page. */}
        <div
          className={`mx-auto flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 ${wide ? '' : 'max-w-7xl'}`}
        >
          <BrandLogo url={brand.logoUrl} className="h-10" />
          <div className="min-w-0 flex-1 basis-48">
            {brand.brandName && (
              <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                {brand.brandName}
              </p>
            )}
            <h1 className="text-lg leading-tight font-bold text-balance break-words text-stone-900 sm:text-xl">
              {title}
            </h1>
            <p className="text-sm break-words text-stone-600">
              {subtitle ??
                (session
                  ? t('welcome', { name: session.user.name, role: roleLabel(session.user.role) })
                  : '')}
            </p>
          </div>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2 sm:gap-3">
            <ConnectionIndicator />
            {actions}
            {/* The team's bell shows platform events (a restaurant signed up, suspended…). */}
            {session && <NotificationBell />}
            <Button
              variant="outline"
              onClick={() => void onLogout()}
              title={t('logout')}
              className="px-3 sm:px-4"
            >
              <LogOut aria-hidden className="size-4" />
              {/* A phone shows the icon alone; the button is still named Logout. */}
              <span className="sr-only sm:not-sr-only">{t('logout')}</span>
            </Button>
          </div>
        </div>
      </header>
      <TrialEndedBanner />
      <MaintenanceBanner />
      <main className={`mx-auto px-4 py-6 ${wide ? '' : 'max-w-7xl'}`}>{children}</main>
    </div>
  );
}

/** Placeholder body for a dashboard whose screens land in a later issue. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
      {t('comingSoon', { what })}
    </div>
  );
}
