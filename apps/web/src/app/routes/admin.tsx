import { useState, type ReactNode } from 'react';
import { StaffShell } from '@/components/staff-shell';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PlanCard } from '@/features/restaurant-plan/components/plan-card';
import { SecurityTab } from '@/features/security/components/security-tab';

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

/** A tab whose live screen is not built yet: one line on what will be there, nothing invented. */
function Upcoming({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600"
    >
      <p>{children}</p>
    </section>
  );
}

/**
 * The restaurant administrator's panel (spec §2, full access). Each tab's content is a feature;
 * this screen only composes them and switches tabs for the overview's quick actions.
 */
export default function AdminPage() {
  const [tab, setTab] = useState<TabId>('overview');
  return (
    <StaffShell title="Admin Panel" actions={<Badge tone="brand">Full Access</Badge>}>
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
            <Upcoming title="Overview">
              Users, uptime, orders, storage and response times from live data are coming.
            </Upcoming>
          )}
          {tab === 'managers' && (
            <Upcoming title="Managers">
              The restaurant&apos;s managers with add, edit and deactivate are coming.
            </Upcoming>
          )}
          {tab === 'analytics' && (
            <Upcoming title="Analytics">
              The restaurant&apos;s analytics and staff performance are coming.
            </Upcoming>
          )}
          {tab === 'system' && (
            <Upcoming title="System">
              System settings (name, time zone, currency, tax, service charge, guest orders) are
              coming.
            </Upcoming>
          )}
          {tab === 'security' && <SecurityTab />}
          {tab === 'backup' && (
            <Upcoming title="Backup">Backups and data exports are coming.</Upcoming>
          )}
          {tab === 'audit' && (
            <Upcoming title="Audit Logs">
              The audit log (action, user, time, details) with filters and export is coming.
            </Upcoming>
          )}
        </TabsContent>
      </Tabs>
    </StaffShell>
  );
}
