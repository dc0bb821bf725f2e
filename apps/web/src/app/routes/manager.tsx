import { lazy, Suspense, useState } from 'react';
import { StaffShell } from '@/components/staff-shell';
import { EndOfDay } from '@/features/business-day/components/end-of-day';
import { MenuTab } from '@/features/menu/components/menu-tab';
import { OrdersTab } from '@/features/order-history/components/orders-tab';
import { OverviewTab } from '@/features/reports/components/overview-tab';
import { TwoFactorButton } from '@/features/security/components/two-factor-card';
import { SettingsDialog } from '@/features/settings/components/settings-dialog';
import { StaffTab } from '@/features/staff/components/staff-tab';
import { downloadAllQr, TablesTab } from '@/features/tables/components/tables-tab';
import { useSession } from '@/lib/auth';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

// Charts are the heaviest part of the dashboard; they load when the tab is opened.
const AnalyticsTab = lazy(() => import('@/features/reports/components/analytics-tab'));

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'tables', label: 'Tables' },
  { id: 'menu', label: 'Menu' },
  { id: 'staff', label: 'Staff' },
  { id: 'orders', label: 'Orders' },
  { id: 'analytics', label: 'Analytics' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The manager's dashboard: the restaurant's domains side by side, one tab each. */
export default function ManagerPage() {
  const session = useSession();
  const [tab, setTab] = useState<TabId>('overview');
  const [pendingAdd, setPendingAdd] = useState<'menu' | 'staff' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const restaurant = session?.user.restaurant?.name;

  return (
    <StaffShell
      title="Manager Dashboard"
      subtitle={`Welcome back, ${session?.user.name ?? ''}${restaurant ? ` · ${restaurant}` : ''}`}
      actions={<TwoFactorButton />}
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
          {tab === 'analytics' && (
            <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-stone-200" />}>
              <AnalyticsTab />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>
      <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </StaffShell>
  );
}
