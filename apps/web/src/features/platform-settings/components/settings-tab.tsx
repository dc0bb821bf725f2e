import {
  BRAND_NAME_MAX,
  LOGO_URL_MAX,
  PLATFORM_TRIAL_DAYS,
  PLATFORM_TRIAL_LIMITS,
  type Deployment,
  type PlatformSettings,
} from '@tavola/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { BrandLogo } from '@/components/brand/brand-logo';
import { brandStyle } from '@/components/brand/brand-style';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useDeployment } from '../api/get-deployment';
import { EmailLimits } from './email-limits';
import { usePlatformSettings, useUpdatePlatformSettings } from '../api/platform-settings';
import { useCreateTeamMember, useDeactivateTeamMember, useTeamMembers } from '../api/team-members';
import { ReservedNamesCard } from './reserved-names-card';

const problemOf = (error: unknown) => (error instanceof Error ? error.message : 'Please try again');

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
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setForm(formOf(settings)), [settings]);
  const set = <K extends keyof GeneralForm>(key: K, value: GeneralForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const colourValid = /^#[0-9a-f]{6}$/i.test(form.primaryColor);

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const trialDays = Number(form.trialDays);
    try {
      await update.mutateAsync({
        brandName: form.brandName.trim(),
        primaryColor: form.primaryColor.trim(),
        logoUrl: form.logoUrl.trim(),
        trialDays: form.trialDays.trim() === '' ? Number.NaN : trialDays,
        notificationsEnabled: form.notificationsEnabled,
      });
      toast({ title: 'Platform settings saved' });
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>White label and trials</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void onSave(e)} noValidate>
          <p className="text-sm text-stone-600 sm:col-span-2">
            The platform&apos;s brand shows on the landing page, the login pages and the guest page
            of every restaurant without a brand of its own.
          </p>
          <div className="space-y-1.5">
            <Label htmlFor="platform-brand-name">Brand name</Label>
            <Input
              id="platform-brand-name"
              value={form.brandName}
              maxLength={BRAND_NAME_MAX}
              onChange={(e) => set('brandName', e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="platform-primary-colour">Primary colour</Label>
            <div className="flex gap-2">
              <input
                type="color"
                aria-label="Pick the primary colour"
                value={colourValid ? form.primaryColor : '#c2410c'}
                onChange={(e) => set('primaryColor', e.target.value)}
                className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
              />
              <Input
                id="platform-primary-colour"
                value={form.primaryColor}
                placeholder="#c2410c"
                maxLength={7}
                onChange={(e) => set('primaryColor', e.target.value)}
              />
            </div>
          </div>
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor="platform-logo-url">Logo URL</Label>
            <Input
              id="platform-logo-url"
              type="url"
              inputMode="url"
              value={form.logoUrl}
              placeholder="https://"
              maxLength={LOGO_URL_MAX}
              onChange={(e) => set('logoUrl', e.target.value)}
            />
          </div>
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
          <div className="space-y-1.5">
            <Label htmlFor="platform-trial-days">Trial duration (days)</Label>
            <Input
              id="platform-trial-days"
              type="number"
              inputMode="numeric"
              min={PLATFORM_TRIAL_DAYS.min}
              max={PLATFORM_TRIAL_DAYS.max}
              value={form.trialDays}
              onChange={(e) => set('trialDays', e.target.value)}
            />
            <p className="text-xs text-stone-600">
              Applies to trials started from now on; running trials keep their end.
            </p>
          </div>
          <div className="flex items-start gap-3 pt-6">
            <Switch
              id="platform-notifications"
              checked={form.notificationsEnabled}
              onCheckedChange={(v) => set('notificationsEnabled', v)}
            />
            <div>
              <Label htmlFor="platform-notifications">Team notifications</Label>
              <p className="text-xs text-stone-600">
                The team&apos;s bell counts platform events (sign-ups, trials ending, support
                tickets).
              </p>
            </div>
          </div>
          {problem && (
            <Alert tone="error" className="sm:col-span-2">
              {problem}
            </Alert>
          )}
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              Save settings
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** What a free trial may have: tables and staff accounts (Starter Feast's numbers by default). */
function TrialLimits({ settings }: { settings: PlatformSettings }) {
  const update = useUpdatePlatformSettings();
  const [tables, setTables] = useState(String(settings.trialTables));
  const [staff, setStaff] = useState(String(settings.trialStaff));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setTables(String(settings.trialTables));
    setStaff(String(settings.trialStaff));
  }, [settings.trialTables, settings.trialStaff]);
  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await update.mutateAsync({ trialTables: Number(tables), trialStaff: Number(staff) });
      toast({ title: 'Trial limits saved', description: 'They apply to every trial at once.' });
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  const { tables: t, staff: s } = PLATFORM_TRIAL_LIMITS;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Trial limits</CardTitle>
        <p className="text-sm text-stone-600">
          What a restaurant on its free trial may have. Starter Feast: {t.default} tables,{' '}
          {s.default} staff accounts.
        </p>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void onSave(e)} noValidate>
          <div className="space-y-1">
            <Label htmlFor="platform-trial-tables">{t.label}</Label>
            <Input
              id="platform-trial-tables"
              type="number"
              min={t.min}
              max={t.max}
              value={tables}
              onChange={(e) => setTables(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="platform-trial-staff">{s.label}</Label>
            <Input
              id="platform-trial-staff"
              type="number"
              min={s.min}
              max={s.max}
              value={staff}
              onChange={(e) => setStaff(e.target.value)}
            />
          </div>
          {problem && (
            <Alert tone="error" className="sm:col-span-2">
              {problem}
            </Alert>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              Save trial limits
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
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
      setProblem(problemOf(error));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-start gap-3">
          <Switch
            id={id}
            checked={checked}
            disabled={update.isPending}
            onCheckedChange={(v) => void onChange(v)}
          />
          <div>
            <Label htmlFor={id}>{label}</Label>
            <p className="text-sm text-stone-600">{description}</p>
          </div>
        </div>
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
        {isError && <Alert tone="error">{problemOf(error)}</Alert>}
        {data ? <DeploymentFacts deployment={data} /> : !isError && <p>Loading…</p>}
      </CardContent>
    </Card>
  );
}

function TeamAccounts() {
  const session = useSession();
  const { data, isError, error } = useTeamMembers();
  const create = useCreateTeamMember();
  const deactivate = useDeactivateTeamMember();
  const [form, setForm] = useState({ name: '', username: '', password: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const member = await create.mutateAsync({
        name: form.name.trim(),
        username: form.username.trim(),
        password: form.password,
      });
      toast({ title: 'Team member added', description: member.username });
      setForm({ name: '', username: '', password: '' });
    } catch (err) {
      setProblem(problemOf(err));
    }
  };
  const onDeactivate = async (id: string, name: string) => {
    if (!window.confirm(`Deactivate ${name}? Their sessions end at once.`)) return;
    setProblem(null);
    try {
      await deactivate.mutateAsync(id);
      toast({ title: 'Team member deactivated', description: name });
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Team accounts</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isError && <Alert tone="error">{problemOf(error)}</Alert>}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-stone-600">
              <tr>
                <th className="py-2 pr-3 font-medium">Name</th>
                <th className="py-2 pr-3 font-medium">Username</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 font-medium">Last sign-in</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {data?.map((m) => (
                <tr key={m.id}>
                  <td className="py-2 pr-3">{m.name}</td>
                  <td className="py-2 pr-3">{m.username}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={m.status === 'active' ? 'green' : 'neutral'}>
                      {m.status === 'active' ? 'Active' : 'Inactive'}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3">
                    {m.lastLoginAt ? formatTime(m.lastLoginAt, undefined, 'dateTime') : 'Never'}
                  </td>
                  <td className="py-2 text-right">
                    {m.status === 'active' && m.id !== session?.user.id && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={deactivate.isPending}
                        onClick={() => void onDeactivate(m.id, m.name)}
                        aria-label={`Deactivate ${m.name}`}
                      >
                        Deactivate
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <form
          className="grid gap-3 border-t border-stone-200 pt-4 sm:grid-cols-3"
          onSubmit={(e) => void onAdd(e)}
          noValidate
          aria-label="Add team member"
        >
          <div className="space-y-1.5">
            <Label htmlFor="team-member-name">Name</Label>
            <Input
              id="team-member-name"
              value={form.name}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="team-member-username">Username</Label>
            <Input
              id="team-member-username"
              autoComplete="off"
              value={form.username}
              onChange={(e) => setForm((f) => ({ ...f, username: e.target.value }))}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="team-member-password">Password</Label>
            <Input
              id="team-member-password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
            />
          </div>
          {problem && (
            <Alert tone="error" className="sm:col-span-3">
              {problem}
            </Alert>
          )}
          <div className="flex justify-end sm:col-span-3">
            <Button type="submit" disabled={create.isPending}>
              Add team member
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * The team's Settings tab (spec §2; issue 14, item 8): every setting persisted and applied, the
 * deployment as it is, and the team's own accounts.
 */
export default function PlatformSettingsTab() {
  const { data, isError, error } = usePlatformSettings();
  return (
    <div className="space-y-5">
      {isError && <Alert tone="error">{problemOf(error)}</Alert>}
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
