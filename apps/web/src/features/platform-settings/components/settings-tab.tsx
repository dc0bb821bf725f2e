import {
  PLATFORM_TRIAL_DAYS,
  PLATFORM_TRIAL_LIMITS,
  type Deployment,
  type PlatformSettings,
  type TeamMemberAccount,
} from '@tavola/contract';
import { useEffect, useState } from 'react';
import { BrandFields, isColour } from '@/components/brand/brand-fields';
import { BrandLogo } from '@/components/brand/brand-logo';
import { brandStyle } from '@/components/brand/brand-style';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, problemText } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useDeployment } from '../api/get-deployment';
import { EmailLimits } from './email-limits';
import { LimitsCard } from './limits-card';
import { usePlatformSettings, useUpdatePlatformSettings } from '../api/platform-settings';
import { useCreateTeamMember, useDeactivateTeamMember, useTeamMembers } from '../api/team-members';
import { ReservedNamesCard } from './reserved-names-card';

interface GeneralForm {
  brandName: string;
  primaryColor: string;
  logoUrl: string;
  trialDays: string;
  notificationsEnabled: boolean;
}

const formOf = (s: PlatformSettings): GeneralForm => ({
  brandName: s.brandName ?? '',
  primaryColor: s.primaryColor ?? '',
  logoUrl: s.logoUrl ?? '',
  trialDays: String(s.trialDays),
  notificationsEnabled: s.notificationsEnabled,
});

/** White label, trial duration and notifications: one form, saved together. */
function GeneralSettings({ settings }: { settings: PlatformSettings }) {
  const update = useUpdatePlatformSettings();
  const [form, setForm] = useState<GeneralForm>(() => formOf(settings));
  useEffect(() => setForm(formOf(settings)), [settings]);
  const set = <K extends keyof GeneralForm>(key: K, value: GeneralForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const colourValid = isColour(form.primaryColor);

  const onSave = () =>
    update.mutateAsync({
      brandName: form.brandName.trim(),
      primaryColor: form.primaryColor.trim(),
      logoUrl: form.logoUrl.trim(),
      trialDays: form.trialDays.trim() === '' ? Number.NaN : Number(form.trialDays),
      notificationsEnabled: form.notificationsEnabled,
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>White label and trials</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          onSubmit={onSave}
          success={{ title: 'Platform settings saved' }}
        >
          <p className="text-sm text-stone-600 sm:col-span-2">
            The platform&apos;s brand shows on the landing page, the login pages and the guest page
            of every restaurant without a brand of its own.
          </p>
          <BrandFields
            ids={{
              brandName: 'platform-brand-name',
              primaryColor: 'platform-primary-colour',
              logoUrl: 'platform-logo-url',
            }}
            value={form}
            onChange={(brand) => setForm((f) => ({ ...f, ...brand }))}
          />
          <div
            className="flex items-center gap-3 rounded-xl border border-stone-200 p-3 sm:col-span-2"
            style={brandStyle(colourValid ? form.primaryColor : undefined)}
            aria-label="Brand preview"
          >
            <BrandLogo url={form.logoUrl.trim() || undefined} />
            <span className="font-black text-brand-800">{form.brandName.trim() || 'Tavola'}</span>
            <span className="ml-auto rounded-lg bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
              Button
            </span>
          </div>
          <Field
            label="Trial duration (days)"
            id="platform-trial-days"
            hint="Applies to trials started from now on; running trials keep their end."
          >
            <Input
              type="number"
              inputMode="numeric"
              min={PLATFORM_TRIAL_DAYS.min}
              max={PLATFORM_TRIAL_DAYS.max}
              value={form.trialDays}
              onChange={(e) => set('trialDays', e.target.value)}
            />
          </Field>
          <Field
            layout="inline"
            label="Team notifications"
            id="platform-notifications"
            hint="The team's bell counts platform events (sign-ups, trials ending, support tickets)."
            className="pt-6"
          >
            <Switch
              checked={form.notificationsEnabled}
              onCheckedChange={(v) => set('notificationsEnabled', v)}
            />
          </Field>
          <FormAlert className="sm:col-span-2" />
          <div className="flex justify-end sm:col-span-2">
            <FormSubmit>Save settings</FormSubmit>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

const TRIAL_FIELDS = [
  { key: 'tables', id: 'platform-trial-tables', ...PLATFORM_TRIAL_LIMITS.tables },
  { key: 'staff', id: 'platform-trial-staff', ...PLATFORM_TRIAL_LIMITS.staff },
] as const;

/** What a free trial may have: tables and staff accounts (Starter Feast's numbers by default). */
function TrialLimits({ settings }: { settings: PlatformSettings }) {
  const { tables, staff } = PLATFORM_TRIAL_LIMITS;
  return (
    <LimitsCard
      title="Trial limits"
      intro={
        <>
          What a restaurant on its free trial may have. Starter Feast: {tables.default} tables,{' '}
          {staff.default} staff accounts.
        </>
      }
      fields={TRIAL_FIELDS}
      current={{ tables: settings.trialTables, staff: settings.trialStaff }}
      change={(typed) => ({ trialTables: Number(typed.tables), trialStaff: Number(typed.staff) })}
      saved={{ title: 'Trial limits saved', description: 'They apply to every trial at once.' }}
      submit="Save trial limits"
    />
  );
}

interface SwitchCardProps {
  title: string;
  id: string;
  label: string;
  description: string;
  checked: boolean;
  /** The settings change the switch makes. */
  change: (on: boolean) => Partial<PlatformSettings>;
  /** The toast once the change is saved. */
  saved: (on: boolean) => { title: string; description: string };
}

/** A platform switch that saves at once, with its toast, or says why it could not. */
function SwitchCard({ title, id, label, description, checked, change, saved }: SwitchCardProps) {
  const update = useUpdatePlatformSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const onChange = async (on: boolean) => {
    setProblem(null);
    try {
      await update.mutateAsync(change(on));
      toast(saved(on));
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <Field layout="inline" label={label} id={id} hint={description}>
          <Switch
            checked={checked}
            disabled={update.isPending}
            onCheckedChange={(v) => void onChange(v)}
          />
        </Field>
        {problem && <Alert tone="error">{problem}</Alert>}
      </CardContent>
    </Card>
  );
}

/** Maintenance mode: on or off at once. */
function Maintenance({ settings }: { settings: PlatformSettings }) {
  return (
    <SwitchCard
      title="Maintenance mode"
      id="platform-maintenance"
      label="Maintenance mode"
      description="Every restaurant's guests see a notice and cannot order; every staff screen shows a banner. The team keeps working."
      checked={settings.maintenanceMode}
      change={(on) => ({ maintenanceMode: on })}
      saved={(on) => ({
        title: on ? 'Maintenance mode on' : 'Maintenance mode off',
        description: on
          ? 'Guests cannot order; staff screens show a banner.'
          : 'Guests can order again.',
      })}
    />
  );
}

/** Two-factor sign-in for every team account: on, one without it sets it up at its next call. */
function TeamTwoFactor({ settings }: { settings: PlatformSettings }) {
  return (
    <SwitchCard
      title="Team sign-in"
      id="platform-team-two-factor"
      label="Require two-factor sign-in for team accounts"
      description="A team account without it is asked to set it up when it signs in, before it can do anything else. Turn it on for your own account first."
      checked={settings.requireTeamTwoFactor}
      change={(on) => ({ requireTeamTwoFactor: on })}
      saved={(on) => ({
        title: on ? 'Two-factor sign-in required' : 'Two-factor sign-in no longer required',
        description: on
          ? 'Team accounts without it must set it up before anything else.'
          : 'Each team member chooses for their own account.',
      })}
    />
  );
}

const uptime = (seconds: number) => {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`;
};

function DeploymentFacts({ deployment }: { deployment: Deployment }) {
  const { instance, instances, fanOut, database, jobs } = deployment;
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-stone-600">This instance</dt>
        <dd className="font-semibold">
          {instance.hostname} (pid {instance.pid}) · up {uptime(instance.uptimeSeconds)} · Node{' '}
          {instance.nodeVersion}
        </dd>
      </div>
      <div>
        <dt className="text-stone-600">Instances connected</dt>
        <dd className="font-semibold" data-testid="instance-count">
          {fanOut === 'redis'
            ? `${instances.length} through Redis`
            : '1 (no Redis: events reach this instance only)'}
        </dd>
      </div>
      <div>
        <dt className="text-stone-600">Database</dt>
        <dd className="font-semibold">
          {database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'} {database.version}
        </dd>
      </div>
      <div>
        <dt className="text-stone-600">Background jobs</dt>
        <dd className="font-semibold">
          {jobs === 'pg-boss' ? 'pg-boss queue in the database' : 'Inline (queue off)'}
        </dd>
      </div>
      {fanOut === 'redis' && (
        <div className="sm:col-span-2">
          <dt className="text-stone-600">Instances</dt>
          <dd>
            <ul className="mt-1 space-y-1">
              {instances.map((i) => (
                <li key={i.id} className="flex flex-wrap gap-2">
                  <span className="font-mono text-xs">{i.id.slice(0, 8)}</span>
                  <span>
                    {i.hostname} (pid {i.pid}), started{' '}
                    {formatTime(i.startedAt, undefined, 'dateTime')}
                  </span>
                  {i.id === instance.id && <Badge tone="brand">This one</Badge>}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * What the deployment really has, in place of an "auto-scaling" switch that would do nothing:
 * scaling means running more instances with the same DATABASE_URL and REDIS_URL behind a load
 * balancer; this shows whether that is what runs.
 */
function AutoScaling() {
  const { data, isError, error } = useDeployment();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Auto-scaling</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-stone-600">
          Tavola scales by running more server instances behind a load balancer, sharing one
          PostgreSQL database (DATABASE_URL) and Redis (REDIS_URL) for live events. There is no
          switch here: this is what the deployment has now.
        </p>
        {isError && <Alert tone="error">{problemText(error)}</Alert>}
        {data ? <DeploymentFacts deployment={data} /> : !isError && <p>Loading…</p>}
      </CardContent>
    </Card>
  );
}

function TeamAccounts() {
  const session = useSession();
  const { data, isPending, isError, error } = useTeamMembers();
  const create = useCreateTeamMember();
  const deactivate = useDeactivateTeamMember();
  const [form, setForm] = useState({ name: '', username: '', password: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const onDeactivate = async (id: string, name: string) => {
    if (!window.confirm(`Deactivate ${name}? Their sessions end at once.`)) return;
    setProblem(null);
    try {
      await deactivate.mutateAsync(id);
      toast({ title: 'Team member deactivated', description: name });
    } catch (err) {
      setProblem(problemText(err));
    }
  };
  const columns: Column<TeamMemberAccount>[] = [
    { key: 'name', header: 'Name', cell: (m) => m.name },
    { key: 'username', header: 'Username', cell: (m) => m.username },
    {
      key: 'status',
      header: 'Status',
      cell: (m) => (
        <Badge tone={m.status === 'active' ? 'green' : 'neutral'}>
          {m.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'last',
      header: 'Last sign-in',
      cell: (m) => (m.lastLoginAt ? formatTime(m.lastLoginAt, undefined, 'dateTime') : 'Never'),
    },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      className: 'text-right',
      cell: (m) =>
        m.status === 'active' &&
        m.id !== session?.user.id && (
          <Button
            size="sm"
            variant="outline"
            disabled={deactivate.isPending}
            onClick={() => void onDeactivate(m.id, m.name)}
            aria-label={`Deactivate ${m.name}`}
          >
            Deactivate
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Team accounts</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isError && <Alert tone="error">{problemText(error)}</Alert>}
        <DataTable
          columns={columns}
          rows={data}
          rowKey={(m) => m.id}
          loading={isPending}
          empty="No team accounts yet."
          minWidth="min-w-[560px]"
          bare
        />
        {problem && <Alert tone="error">{problem}</Alert>}
        <Form
          className="grid gap-3 border-t border-stone-200 pt-4 sm:grid-cols-3"
          noValidate
          aria-label="Add team member"
          onSubmit={() =>
            create.mutateAsync({
              name: form.name.trim(),
              username: form.username.trim(),
              password: form.password,
            })
          }
          success={(member) => ({ title: 'Team member added', description: member.username })}
          onSaved={() => setForm({ name: '', username: '', password: '' })}
        >
          <Field label="Name" id="team-member-name">
            <Input
              value={form.name}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
            />
          </Field>
          <Field label="Username" id="team-member-username">
            <Input
              autoComplete="off"
              value={form.username}
              onChange={(e) => setForm((f) => ({ ...f, username: e.target.value }))}
            />
          </Field>
          <Field label="Password" id="team-member-password">
            <Input
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
            />
          </Field>
          <FormAlert className="sm:col-span-3" />
          <div className="flex justify-end sm:col-span-3">
            <FormSubmit>Add team member</FormSubmit>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * The team's Settings tab: every setting persisted and applied, the
 * deployment as it is, and the team's own accounts.
 */
export default function PlatformSettingsTab() {
  const { data, isError, error } = usePlatformSettings();
  return (
    <div className="space-y-5">
      {isError && <Alert tone="error">{problemText(error)}</Alert>}
      {data && (
        <>
          <GeneralSettings settings={data} />
          <TrialLimits settings={data} />
          <EmailLimits settings={data} />
          <Maintenance settings={data} />
          <TeamTwoFactor settings={data} />
          <ReservedNamesCard settings={data} />
        </>
      )}
      <AutoScaling />
      <TeamAccounts />
    </div>
  );
}
