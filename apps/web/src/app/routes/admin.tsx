import { lazy, Suspense } from 'react';
import { StaffShell } from '@/components/staff-shell';
import { Badge } from '@/components/ui/badge';
import { SectionTabList, Tabs, TabsContent } from '@/components/ui/tabs';
import { SystemOverview } from '@/features/admin-overview/components/system-overview';
import { AuditLogTab } from '@/features/audit-log/components/audit-log-tab';
import { BackupTab } from '@/features/backups/components/backup-tab';
import { IntegrationsTab } from '@/features/integrations/components/integrations-tab';
import { PlanCard } from '@/features/restaurant-plan/components/plan-card';
import { SecurityTab } from '@/features/security/components/security-tab';
import { SystemTab } from '@/features/settings/components/system-tab';
import { HelpButton } from '@/features/support/components/help-button';
import { WhiteLabelCard } from '@/features/restaurant-branding/components/white-label-card';
import { ManagersTable } from '@/features/staff/components/managers-table';
import { useUrlTab } from '@/lib/url-tab';
import { t } from '../messages';

// The manager's charts and staff performance load when the tab is opened.
const AdminAnalytics = lazy(() => import('@/features/reports/components/admin-analytics'));

/** The tabs of the admin panel, in the product's order and words (tests check them). */
const TAB_IDS = [
  'overview',
  'managers',
  'analytics',
  'system',
  'security',
  'backup',
  'audit',
  'integrations',
] as const;

/**
 * The restaurant administrator's panel. Each tab's content is a feature;
 * this screen only composes them and switches tabs for the overview's quick actions.
 */
export default function AdminPage() {
  // The tab is in the address (?tab=backup); the overview's quick actions add what the tab is to
  // do once opened: Add Manager opens its form, Backup Now starts a backup.
  const [tab, setTab] = useUrlTab(TAB_IDS);
  const tabs = TAB_IDS.map((id) => ({ id, label: t(`tab_${id}`) }));
  return (
    <StaffShell
      title={t('adminTitle')}
      actions={
        <>
          <Badge tone="brand">{t('fullAccess')}</Badge>
          <HelpButton />
        </>
      }
    >
      <PlanCard />
      <Tabs value={tab} onValueChange={setTab}>
        {/* A phone shows the eight tabs in rows of three, every one in view ("Integrations" is
            too long for a quarter of a 390 px screen). */}
        <SectionTabList tabs={tabs} label={t('adminSections')} perRow={3} compact />
        <TabsContent value={tab}>
          {tab === 'overview' && (
            <SystemOverview
              onBackupNow={() => setTab('backup', { start: 'backup' })}
              onAddManager={() => setTab('managers', { open: 'add' })}
              // The exports (Orders, Users, Analytics, All) are on the Backup tab.
              onExportData={() => setTab('backup')}
              onSystemConfig={() => setTab('system')}
            />
          )}
          {tab === 'managers' && <ManagersTable />}
          {tab === 'analytics' && (
            <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-stone-200" />}>
              <AdminAnalytics />
            </Suspense>
          )}
          {tab === 'system' && (
            <div className="space-y-6">
              <SystemTab />
              <WhiteLabelCard />
            </div>
          )}
          {tab === 'security' && <SecurityTab />}
          {tab === 'backup' && <BackupTab />}
          {tab === 'audit' && <AuditLogTab />}
          {tab === 'integrations' && <IntegrationsTab />}
        </TabsContent>
      </Tabs>
    </StaffShell>
  );
}
