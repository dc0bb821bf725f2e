import { lazy, Suspense, useEffect } from 'react';
import { StaffShell } from '@/components/staff-shell';
import { SectionTabList, Tabs, TabsContent } from '@/components/ui/tabs';
import { PlatformOverviewTab } from '@/features/platform-tenants/components/overview-tab';
import { RestaurantsTab } from '@/features/platform-tenants/components/restaurants-tab';
import { TwoFactorButton } from '@/features/security/components/two-factor-card';
import { TwoFactorEnrolment } from '@/features/security/components/two-factor-enrolment';
import { refreshProfile, useSession } from '@/lib/auth';
import { useUrlTab } from '@/lib/url-tab';

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

/** The tabs of the team dashboard, in the product's order and words (tests check them). */
const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'restaurants', label: 'Restaurants' },
  { id: 'subscriptions', label: 'Subscriptions' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'support', label: 'Support' },
  { id: 'settings', label: 'Settings' },
] as const;
const TAB_IDS = TABS.map((t) => t.id);

/**
 * The platform team's console: every restaurant on Tavola, from live data. Each tab's
 * content is a feature (platform-…); this screen only composes them. While the team requires
 * two-factor sign-in of an account that has not set it up, its set-up is the only screen.
 */
export default function TeamPage() {
  // The tab is in the address (?tab=support), so a reload or a link opens the same one.
  const [tab, setTab] = useUrlTab(TAB_IDS);
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
        <SectionTabList tabs={TABS} label="Platform sections" perRow={3} compact />
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
