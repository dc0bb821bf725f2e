import { lazy, Suspense, useState } from 'react';
import { StaffShell } from '@/components/staff-shell';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SystemOverview } from '@/features/admin-overview/components/system-overview';
import { AuditLogTab } from '@/features/audit-log/components/audit-log-tab';
import { BackupTab } from '@/features/backups/components/backup-tab';
import { PlanCard } from '@/features/restaurant-plan/components/plan-card';
import { SecurityTab } from '@/features/security/components/security-tab';
import { SystemTab } from '@/features/settings/components/system-tab';
import { HelpButton } from '@/features/support/components/help-button';
import { WhiteLabelCard } from '@/features/restaurant-branding/components/white-label-card';
import { ManagersTable } from '@/features/staff/components/managers-table';

// The manager's charts and staff performance load when the tab is opened.
const AdminAnalytics = lazy(() => import('@/features/reports/components/admin-analytics'));

/** Spec §2's tabs of the admin panel, in its order and words. */
const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'managers', label: 'Managers' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'system', label: 'System' },
  { id: 'security', label: 'Security' },
  { id: 'backup', label: 'Backup' },
  { id: 'audit', label: 'Audit Logs' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * The restaurant administrator's panel (spec §2, full access). Each tab's content is a feature;
 * this screen only composes them and switches tabs for the overview's quick actions.
 */
export default function AdminPage() {
  const [tab, setTab] = useState<TabId>('overview');
  // The overview's "Add Manager" opens the Managers tab with its form.
  const [addManager, setAddManager] = useState(false);
  // The overview's "Backup Now" opens the Backup tab and starts a backup there.
  const [backupNow, setBackupNow] = useState(false);
  return (
    <StaffShell
      title="Admin Panel"
      actions={
        <>
          <Badge tone="brand">Full Access</Badge>
          <HelpButton />
        </>
      }
    >
      <PlanCard />
      <Tabs value={tab} onValueChange={setTab}>
        {/* A phone shows the seven tabs in rows of four, every one in view. */}
        <TabsList
          aria-label="Admin sections"
          className="mb-5 grid grid-cols-4 gap-1 border-b border-stone-200 sm:flex"
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
            <SystemOverview
              onBackupNow={() => {
                setTab('backup');
                setBackupNow(true);
              }}
              onAddManager={() => {
                setTab('managers');
                setAddManager(true);
              }}
              // The exports (Orders, Users, Analytics, All) are on the Backup tab.
              onExportData={() => setTab('backup')}
              onSystemConfig={() => setTab('system')}
            />
          )}
          {tab === 'managers' && (
            <ManagersTable openAdd={addManager} onAddOpened={() => setAddManager(false)} />
          )}
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
          {tab === 'backup' && (
            <BackupTab startBackup={backupNow} onBackupStarted={() => setBackupNow(false)} />
          )}
          {tab === 'audit' && <AuditLogTab />}
        </TabsContent>
      </Tabs>
    </StaffShell>
  );
}
