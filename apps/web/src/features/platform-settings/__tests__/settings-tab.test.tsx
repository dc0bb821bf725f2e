import {
  TEAM_TWO_FACTOR_SELF_FIRST,
  type Deployment,
  type TeamMemberAccount,
} from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { platformSettings } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => {
  FakeWebSocket.install();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

const team = staffUser('team', { restaurant_id: null, restaurant: null, name: 'Tina Team' });

const settings = platformSettings;

const deployment = (overrides: Partial<Deployment> = {}): Deployment => ({
  instance: {
    id: 'aaaaaaaa-1111',
    hostname: 'web-1',
    pid: 41,
    startedAt: '2026-11-21T08:00:00.000Z',
    lastSeenAt: null,
    uptimeSeconds: 7260,
    nodeVersion: 'v20.19.0',
  },
  fanOut: 'in-process',
  instances: [
    {
      id: 'aaaaaaaa-1111',
      hostname: 'web-1',
      pid: 41,
      startedAt: '2026-11-21T08:00:00.000Z',
      lastSeenAt: null,
    },
  ],
  database: { kind: 'pglite', version: '17.4' },
  jobs: 'inline',
  ...overrides,
});

const member = (overrides: Partial<TeamMemberAccount> = {}): TeamMemberAccount => ({
  id: 'team-1',
  username: 'team1',
  name: 'Tina Team',
  status: 'active',
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const base = {
  'GET /api/platform/overview': {
    data: {
      restaurants: { total: 0, active: 0, trial: 0, suspended: 0 },
      trialsEndingIn7Days: 0,
      ordersToday: 0,
    },
  },
  'GET /api/platform/events': { data: [] },
};

async function openSettings(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ ...base, ...routes });
  const view = renderRoute('/team', { user: team });
  FakeWebSocket.latest().serverOpen();
  await view.user.click(await screen.findByRole('tab', { name: 'Settings' }));
  return { ...view, api };
}

describe("the team's Settings tab", () => {
  it('saves the white label, trial duration and notifications, and shows the server’s refusal', async () => {
    let saved = settings();
    const { user, api } = await openSettings({
      'GET /api/platform/settings': () => ({ data: saved }),
      'GET /api/platform/deployment': { data: deployment() },
      'GET /api/platform/team-members': { data: [member()] },
      'PUT /api/platform/settings': (call) => {
        const body = call.body as { logoUrl: string };
        if (body.logoUrl.startsWith('http:'))
          return { status: 400, error: 'Logo URL must be a full https:// address' };
        saved = settings({ ...(call.body as object), updatedBy: 'Tina Team' });
        return { data: saved };
      },
    });
    const name = await screen.findByLabelText('Brand name');
    await user.type(name, 'FeastOS');
    await user.type(screen.getByLabelText('Primary colour'), '#1d4ed8');
    await user.type(screen.getByLabelText('Logo URL'), 'http://cdn.example.com/logo.png');
    await user.clear(screen.getByLabelText('Trial duration (days)'));
    await user.type(screen.getByLabelText('Trial duration (days)'), '30');
    await user.click(screen.getByRole('switch', { name: 'Team notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Logo URL must be a full https:// address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Logo URL'));
    await user.type(screen.getByLabelText('Logo URL'), 'https://cdn.example.com/logo.png');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PUT /api/platform/settings')).toHaveLength(2));
    expect(api.callsTo('PUT /api/platform/settings')[1]?.body).toEqual({
      brandName: 'FeastOS',
      primaryColor: '#1d4ed8',
      logoUrl: 'https://cdn.example.com/logo.png',
      trialDays: 30,
      notificationsEnabled: false,
    });
    expect(await screen.findByText('Platform settings saved')).toBeInTheDocument();
    // The preview shows the brand as it will look.
    const preview = screen.getByLabelText('Brand preview');
    expect(preview).toHaveTextContent('FeastOS');
    expect(preview.getAttribute('style')).toContain('--color-brand-700: #1d4ed8');
  });

  it('saves the daily email limits, and shows the server’s refusal', async () => {
    let saved = settings();
    const { user, api } = await openSettings({
      'GET /api/platform/settings': () => ({ data: saved }),
      'GET /api/platform/deployment': { data: deployment() },
      'GET /api/platform/team-members': { data: [member()] },
      'PUT /api/platform/settings': (call) => {
        const body = call.body as { trialDailyEmailLimit: number };
        if (Number.isNaN(body.trialDailyEmailLimit) || body.trialDailyEmailLimit === null)
          return { status: 400, error: 'Daily emails per trial restaurant must be a number' };
        saved = settings(call.body as object);
        return { data: saved };
      },
    });
    const paid = await screen.findByLabelText('Emails a day per restaurant');
    expect(paid).toHaveValue(300);
    const trial = screen.getByLabelText('Emails a day per trial restaurant');
    expect(trial).toHaveValue(20);
    await user.clear(trial);
    await user.click(screen.getByRole('button', { name: 'Save email limits' }));
    expect(
      await screen.findByText('Daily emails per trial restaurant must be a number'),
    ).toBeInTheDocument();
    await user.type(trial, '5');
    await user.clear(paid);
    await user.type(paid, '1000');
    await user.click(screen.getByRole('button', { name: 'Save email limits' }));
    expect(await screen.findByText('Email limits saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/platform/settings').at(-1)?.body).toEqual({
      dailyEmailLimit: 1000,
      trialDailyEmailLimit: 5,
    });
  });

  it("sets the trial's limits, and shows the server's refusal", async () => {
    const { user, api } = await openSettings({
      'GET /api/platform/settings': { data: settings() },
      'GET /api/platform/deployment': { data: deployment() },
      'GET /api/platform/team-members': { data: [member()] },
      'PUT /api/platform/settings': (call) => {
        const body = call.body as { trialStaff: number };
        return body.trialStaff > 50
          ? { status: 400, error: 'Trial staff accounts must be between 1 and 50' }
          : { data: settings(call.body as object) };
      },
    });
    const staff = await screen.findByLabelText('Trial staff accounts');
    expect(staff).toHaveValue(2);
    expect(screen.getByLabelText('Trial tables')).toHaveValue(5);
    await user.clear(staff);
    await user.type(staff, '99');
    await user.click(screen.getByRole('button', { name: 'Save trial limits' }));
    expect(
      await screen.findByText('Trial staff accounts must be between 1 and 50'),
    ).toBeInTheDocument();
    await user.clear(staff);
    await user.type(staff, '5');
    await user.clear(screen.getByLabelText('Trial tables'));
    await user.type(screen.getByLabelText('Trial tables'), '8');
    await user.click(screen.getByRole('button', { name: 'Save trial limits' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/platform/settings').at(-1)?.body).toEqual({
        trialTables: 8,
        trialStaff: 5,
      }),
    );
    expect(await screen.findByText('Trial limits saved')).toBeInTheDocument();
  });

  it('turns maintenance mode on at once', async () => {
    const { user, api } = await openSettings({
      'GET /api/platform/settings': { data: settings() },
      'GET /api/platform/deployment': { data: deployment() },
      'GET /api/platform/team-members': { data: [member()] },
      'PUT /api/platform/settings': (call) => ({ data: settings(call.body as object) }),
    });
    await user.click(await screen.findByRole('switch', { name: 'Maintenance mode' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/platform/settings')[0]?.body).toEqual({ maintenanceMode: true }),
    );
    expect(await screen.findByText('Maintenance mode on')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Maintenance mode' })).toBeChecked();
  });

  it('requires two-factor sign-in of every team account, and shows why it cannot yet', async () => {
    let own2fa = false;
    const { user, api } = await openSettings({
      'GET /api/platform/settings': { data: settings() },
      'GET /api/platform/deployment': { data: deployment() },
      'GET /api/platform/team-members': { data: [member()] },
      'PUT /api/platform/settings': (call) =>
        own2fa
          ? { data: settings(call.body as object) }
          : { status: 409, error: TEAM_TWO_FACTOR_SELF_FIRST },
    });
    const toggle = await screen.findByRole('switch', {
      name: 'Require two-factor sign-in for team accounts',
    });
    await user.click(toggle);
    expect(await screen.findByText(TEAM_TWO_FACTOR_SELF_FIRST)).toBeInTheDocument();
    own2fa = true;
    await user.click(toggle);
    await waitFor(() =>
      expect(api.callsTo('PUT /api/platform/settings').at(-1)?.body).toEqual({
        requireTeamTwoFactor: true,
      }),
    );
    expect(await screen.findByText('Two-factor sign-in required')).toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: 'Require two-factor sign-in for team accounts' }),
    ).toBeChecked();
  });

  it('keeps the reserved names one a line, and restores the defaults', async () => {
    const { user, api } = await openSettings({
      'GET /api/platform/settings': { data: settings() },
      'GET /api/platform/deployment': { data: deployment() },
      'GET /api/platform/team-members': { data: [member()] },
      'PUT /api/platform/settings': (call) => {
        const body = call.body as { reservedNames: string[] | null };
        return { data: settings({ reservedNames: body.reservedNames ?? ['admin', 'support'] }) };
      },
    });
    const list = await screen.findByLabelText('Reserved names (one a line)');
    expect(list).toHaveValue('admin\nsupport');
    await user.type(list, '\n  Chef Luigi  \n\n');
    await user.click(screen.getByRole('button', { name: 'Save reserved names' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/platform/settings')[0]?.body).toEqual({
        reservedNames: ['admin', 'support', 'Chef Luigi'],
      }),
    );
    expect(await screen.findByText('Reserved names saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore defaults' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/platform/settings')[1]?.body).toEqual({ reservedNames: null }),
    );
  });

  it('says honestly what the deployment has instead of an auto-scaling switch', async () => {
    await openSettings({
      'GET /api/platform/settings': { data: settings() },
      'GET /api/platform/deployment': {
        data: deployment({
          fanOut: 'redis',
          database: { kind: 'postgres', version: '16.4' },
          jobs: 'pg-boss',
          instances: [
            {
              id: 'aaaaaaaa-1111',
              hostname: 'web-1',
              pid: 41,
              startedAt: '2026-11-21T08:00:00.000Z',
              lastSeenAt: '2026-11-21T10:00:00.000Z',
            },
            {
              id: 'bbbbbbbb-2222',
              hostname: 'web-2',
              pid: 42,
              startedAt: '2026-11-21T08:01:00.000Z',
              lastSeenAt: '2026-11-21T10:00:00.000Z',
            },
          ],
        }),
      },
      'GET /api/platform/team-members': { data: [member()] },
    });
    expect(await screen.findByTestId('instance-count')).toHaveTextContent('2 through Redis');
    expect(screen.getByText('PostgreSQL 16.4')).toBeInTheDocument();
    expect(screen.getByText('pg-boss queue in the database')).toBeInTheDocument();
    expect(screen.getByText(/up 2 h 1 min/)).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /scaling/i })).not.toBeInTheDocument();
  });

  it('adds a team member and deactivates another, never offering to deactivate oneself', async () => {
    let members = [member(), member({ id: 'team-2', username: 'dora', name: 'Dora' })];
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, api } = await openSettings({
      'GET /api/platform/settings': { data: settings() },
      'GET /api/platform/deployment': { data: deployment() },
      'GET /api/platform/team-members': () => ({ data: members }),
      'POST /api/platform/team-members': (call) => {
        // The server answers the account without the password it was given.
        const { name, username } = call.body as { name: string; username: string };
        const created = member({ id: 'team-3', name, username, status: 'active' });
        members = [...members, created];
        return { status: 201, data: created };
      },
      'POST /api/platform/team-members/team-2/deactivate': () => {
        members = members.map((m) =>
          m.id === 'team-2' ? { ...m, status: 'inactive' as const } : m,
        );
        return { data: members[1] };
      },
    });
    const table = await screen.findByRole('table');
    await within(table).findByText('Dora');
    expect(
      within(table).queryByRole('button', { name: 'Deactivate Tina Team' }),
    ).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Deactivate Dora' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/platform/team-members/team-2/deactivate')).toHaveLength(1),
    );
    expect(await within(table).findByText('Inactive')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add team member' });
    await user.type(within(form).getByLabelText('Name'), 'Nico New');
    await user.type(within(form).getByLabelText('Username'), 'nico');
    await user.type(within(form).getByLabelText('Password'), 'nico-pass-2026');
    await user.click(within(form).getByRole('button', { name: 'Add team member' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/platform/team-members')[0]?.body).toEqual({
        name: 'Nico New',
        username: 'nico',
        password: 'nico-pass-2026',
      }),
    );
    expect(await within(table).findByText('Nico New')).toBeInTheDocument();
  });
});
