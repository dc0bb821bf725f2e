import { lazy, Suspense, useEffect, useState } from 'react';
import { StaffShell } from '@/components/staff-shell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PlatformOverviewTab } from '@/features/platform-tenants/components/overview-tab';
import { RestaurantsTab } from '@/features/platform-tenants/components/restaurants-tab';
import { TwoFactorButton } from '@/features/security/components/two-factor-card';
import { TwoFactorEnrolment } from '@/features/security/components/two-factor-enrolment';
import { refreshProfile, useSession } from '@/lib/auth';

// Their charts and tables load when the tab is first opened.
const SubscriptionsTab = lazy(
  () => import('@/features/platform-billing/components/subscriptions-tab'),
);
const PlatformAnalyticsTab = lazy(
  () => import('@/features/platform-billing/components/platform-analytics-tab'),
);
const SupportTab = lazy(() => import('@/features/support/components/support-tab'));
const PlatformSettingsTab = lazy(
  () => import('@/features/platform-settings/components/settings-tab'),
);
const tabFallback = <div className="h-64 animate-pulse rounded-xl bg-stone-200" />;

/** Spec §2's tabs of the team dashboard, in its order and words. */
const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'restaurants', label: 'Restaurants' },
  { id: 'subscriptions', label: 'Subscriptions' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'support', label: 'Support' },
  { id: 'settings', label: 'Settings' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * The platform team's console (spec §2): every restaurant on Tavola, from live data. Each tab's
 * content is a feature (platform-…); this screen only composes them. While the team requires
 * two-factor sign-in of an account that has not set it up, its set-up is the only screen.
 */
export default function TeamPage() {
  const [tab, setTab] = useState<TabId>('overview');
  const mustEnrol = useSession()?.user.two_factor_enrolment_required === true;
  // The requirement may have been switched on since this session was stored.
  useEffect(() => void refreshProfile(), []);
  if (mustEnrol) {
    return (
      <StaffShell title="Platform Team Dashboard" logoutTo="/team/login">
        <TwoFactorEnrolment />
      </StaffShell>
    );
  }
  return (
    <StaffShell
      title="Platform Team Dashboard"
      logoutTo="/team/login"
      actions={<TwoFactorButton />}
    >
      <Tabs value={tab} onValueChange={setTab}>
        {/* A phone shows the six tabs as two rows of three, every one in view. */}
        <TabsList
          aria-label="Platform sections"
          className="mb-5 grid grid-cols-3 gap-1 border-b border-stone-200 sm:flex"
        >
          {TABS.map((t) => (
            <TabsTrigger
              key={t.id}
              value={t.id}
              className="-mb-px border-b-2 border-transparent px-1 text-sm text-stone-600 sm:px-4 sm:text-base data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 data-[state=inactive]:hover:text-stone-900"
            >
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab}>
          {tab === 'overview' && <PlatformOverviewTab />}
          {tab === 'restaurants' && <RestaurantsTab />}
          {tab === 'subscriptions' && (
            <Suspense fallback={tabFallback}>
              <SubscriptionsTab />
            </Suspense>
          )}
          {tab === 'analytics' && (
            <Suspense fallback={tabFallback}>
              <PlatformAnalyticsTab />
            </Suspense>
          )}
          {tab === 'support' && (
            <Suspense fallback={tabFallback}>
              <SupportTab />
            </Suspense>
          )}
          {tab === 'settings' && (
            <Suspense fallback={tabFallback}>
              <PlatformSettingsTab />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>
    </StaffShell>
  );
}
