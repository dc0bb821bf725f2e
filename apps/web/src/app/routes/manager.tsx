import { lazy, Suspense, useState } from 'react';
import { StaffShell } from '@/components/staff-shell';
import { EndOfDay } from '@/features/business-day/components/end-of-day';
import { DiscountReasons } from '@/features/discounts/components/discount-reasons';
import { MenuTab } from '@/features/menu/components/menu-tab';
import {
  PrintReceiptButton,
  PrintZReportButton,
  ReprintOrderButton,
} from '@/features/printers/components/print-buttons';
import { PrintersTab } from '@/features/printers/components/printers-tab';
import { OrdersTab } from '@/features/order-history/components/orders-tab';
import { OverviewTab } from '@/features/reports/components/overview-tab';
import { TwoFactorButton } from '@/features/security/components/two-factor-card';
import { SettingsDialog } from '@/features/settings/components/settings-dialog';
import { StaffTab } from '@/features/staff/components/staff-tab';
import { StationsTab } from '@/features/stations/components/stations-tab';
import { HelpButton } from '@/features/support/components/help-button';
import { downloadAllQr, TablesTab } from '@/features/tables/components/tables-tab';
import { useSession } from '@/lib/auth';
import { useUrlTab } from '@/lib/url-tab';
import { SectionTabList, SubsectionTabList, Tabs, TabsContent } from '@/components/ui/tabs';
import { t } from '../messages';

// Charts are the heaviest part of the dashboard; they load when the tab is opened.
const AnalyticsTab = lazy(() => import('@/features/reports/components/analytics-tab'));
const ReportsSection = lazy(() => import('@/features/reports/components/reports-section'));
const ReportEmails = lazy(() => import('@/features/report-emails/components/report-emails'));

// The Analytics tab holds the live figures, the period reports and their scheduled email: the
// manager has exactly six tabs, so these are sections of one of them.
const SECTION_IDS = ['dashboard', 'reports', 'email'] as const;

function AnalyticsArea() {
  // The section is in the address too (?tab=analytics&section=reports).
  const [section, setSection] = useUrlTab(SECTION_IDS, 'section');
  return (
    <Tabs value={section} onValueChange={setSection}>
      <SubsectionTabList
        sections={SECTION_IDS.map((id) => ({ id, label: t(`section_${id}`) }))}
        label={t('analyticsSections')}
      />
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

// Stations belong with the menu (categories and items are routed to them), and their printers
// with them: sections of the Menu tab, so the manager keeps six tabs.
const MENU_SECTION_IDS = ['items', 'stations', 'printers'] as const;

function MenuArea() {
  // ?tab=menu&section=stations
  const [section, setSection] = useUrlTab(MENU_SECTION_IDS, 'section');
  return (
    <Tabs value={section} onValueChange={setSection}>
      <SubsectionTabList
        sections={MENU_SECTION_IDS.map((id) => ({ id, label: t(`section_${id}`) }))}
        label={t('menuSections')}
      />
      <TabsContent value={section}>
        {section === 'items' && <MenuTab />}
        {section === 'stations' && <StationsTab />}
        {section === 'printers' && <PrintersTab />}
      </TabsContent>
    </Tabs>
  );
}

const TAB_IDS = ['overview', 'tables', 'menu', 'staff', 'orders', 'analytics'] as const;

/** The manager's dashboard: the restaurant's domains side by side, one tab each. */
export default function ManagerPage() {
  const session = useSession();
  // The tab is in the address (?tab=menu), so the admin's overview links straight to one.
  const [tab, setTab] = useUrlTab(TAB_IDS);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const restaurant = session?.user.restaurant?.name;

  return (
    <StaffShell
      title={t('managerTitle')}
      subtitle={
        restaurant
          ? t('welcomeBackAt', { name: session?.user.name ?? '', restaurant })
          : t('welcomeBack', { name: session?.user.name ?? '' })
      }
      actions={
        <>
          <TwoFactorButton />
          <HelpButton />
        </>
      }
    >
      <Tabs value={tab} onValueChange={setTab}>
        {/* A phone shows the six tabs as two rows of three, every one in view. */}
        <SectionTabList
          tabs={TAB_IDS.map((id) => ({ id, label: t(`tab_${id}`) }))}
          label={t('managerSections')}
          perRow={3}
        />
        <TabsContent value={tab}>
          {tab === 'overview' && (
            <OverviewTab
              onDownloadQr={() => void downloadAllQr()}
              onAddMenuItem={() => setTab('menu', { open: 'add' })}
              onAddStaff={() => setTab('staff', { open: 'add' })}
              onSettings={() => setSettingsOpen(true)}
            />
          )}
          {tab === 'tables' && <TablesTab />}
          {tab === 'menu' && <MenuArea />}
          {tab === 'staff' && (
            // The reasons for discounts sit with the staff who give them and their limits.
            <div className="space-y-8">
              <StaffTab />
              <DiscountReasons />
            </div>
          )}
          {tab === 'orders' && (
            // The day's close sits with the orders it counts.
            <div className="space-y-6">
              <EndOfDay
                printZReport={(date) => <PrintZReportButton date={date} />}
                printReceipt={(number) => <PrintReceiptButton number={number} />}
              />
              <OrdersTab
                printActions={(r) => (
                  <>
                    <ReprintOrderButton orderNumber={r.orderNumber} />
                    {r.status === 'paid' && <PrintReceiptButton orderNumber={r.orderNumber} />}
                  </>
                )}
              />
            </div>
          )}
          {tab === 'analytics' && <AnalyticsArea />}
        </TabsContent>
      </Tabs>
      <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </StaffShell>
  );
}
