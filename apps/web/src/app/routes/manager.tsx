import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { StaffShell } from '@/components/staff-shell';
import { EndOfDay } from '@/features/business-day/components/end-of-day';
import { MenuTab } from '@/features/menu/components/menu-tab';
import { OrdersTab } from '@/features/order-history/components/orders-tab';
import { OverviewTab } from '@/features/reports/components/overview-tab';
import { TwoFactorButton } from '@/features/security/components/two-factor-card';
import { SettingsDialog } from '@/features/settings/components/settings-dialog';
import { StaffTab } from '@/features/staff/components/staff-tab';
import { HelpButton } from '@/features/support/components/help-button';
import { downloadAllQr, TablesTab } from '@/features/tables/components/tables-tab';
import { useSession } from '@/lib/auth';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

// Charts are the heaviest part of the dashboard; they load when the tab is opened.
const AnalyticsTab = lazy(() => import('@/features/reports/components/analytics-tab'));
const ReportsSection = lazy(() => import('@/features/reports/components/reports-section'));
const ReportEmails = lazy(() => import('@/features/report-emails/components/report-emails'));

// The Analytics tab holds the live figures, the period reports and their scheduled email
// (issue 16, items 4 and 5): spec §2 fixes the manager's six tabs, so these are its sections.
const ANALYTICS_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'reports', label: 'Reports' },
  { id: 'email', label: 'Scheduled email' },
] as const;
type AnalyticsSection = (typeof ANALYTICS_SECTIONS)[number]['id'];

function AnalyticsArea() {
  const [section, setSection] = useState<AnalyticsSection>('dashboard');
  return (
    <Tabs value={section} onValueChange={setSection}>
      <TabsList aria-label="Analytics sections" className="mb-4 flex-wrap gap-1">
        {ANALYTICS_SECTIONS.map((s) => (
          <TabsTrigger
            key={s.id}
            value={s.id}
            className="rounded-full px-4 text-sm text-stone-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white data-[state=inactive]:hover:bg-stone-200"
          >
            {s.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={section}>
        <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-stone-200" />}>
          {section === 'dashboard' && <AnalyticsTab />}
          {section === 'reports' && <ReportsSection />}
          {section === 'email' && <ReportEmails />}
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'tables', label: 'Tables' },
  { id: 'menu', label: 'Menu' },
  { id: 'staff', label: 'Staff' },
  { id: 'orders', label: 'Orders' },
  { id: 'analytics', label: 'Analytics' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is TabId => TABS.some((t) => t.id === value);

/** The manager's dashboard: the restaurant's domains side by side, one tab each. */
export default function ManagerPage() {
  const session = useSession();
  // The tab is in the address (?tab=menu), so the admin's overview links straight to one.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'overview';
  const setTab = (next: TabId) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'overview') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  const [pendingAdd, setPendingAdd] = useState<'menu' | 'staff' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const restaurant = session?.user.restaurant?.name;

  return (
    <StaffShell
      title="Manager Dashboard"
      subtitle={`Welcome back, ${session?.user.name ?? ''}${restaurant ? ` · ${restaurant}` : ''}`}
      actions={
        <>
          <TwoFactorButton />
          <HelpButton />
        </>
      }
    >
      <Tabs value={tab} onValueChange={setTab}>
        {/* A phone shows the six tabs as two rows of three, every one in view. */}
        <TabsList
          aria-label="Manager sections"
          className="mb-5 grid grid-cols-3 gap-1 border-b border-stone-200 sm:flex"
        >
          {TABS.map((t) => (
            <TabsTrigger
              key={t.id}
              value={t.id}
              className="-mb-px border-b-2 border-transparent px-2 text-stone-600 sm:px-4 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 data-[state=inactive]:hover:text-stone-900"
            >
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab}>
          {tab === 'overview' && (
            <OverviewTab
              onDownloadQr={() => void downloadAllQr()}
              onAddMenuItem={() => {
                setTab('menu');
                setPendingAdd('menu');
              }}
              onAddStaff={() => {
                setTab('staff');
                setPendingAdd('staff');
              }}
              onSettings={() => setSettingsOpen(true)}
            />
          )}
          {tab === 'tables' && <TablesTab />}
          {tab === 'menu' && (
            <MenuTab openAdd={pendingAdd === 'menu'} onAddOpened={() => setPendingAdd(null)} />
          )}
          {tab === 'staff' && (
            <StaffTab openAdd={pendingAdd === 'staff'} onAddOpened={() => setPendingAdd(null)} />
          )}
          {tab === 'orders' && (
            // The day's close sits with the orders it counts (issue 16, item 3).
            <div className="space-y-6">
              <EndOfDay />
              <OrdersTab />
            </div>
          )}
          {tab === 'analytics' && <AnalyticsArea />}
        </TabsContent>
      </Tabs>
      <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </StaffShell>
  );
}
