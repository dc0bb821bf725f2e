import type { ActiveSession, LoginFailure, TwoFactorStatus } from '@tavola/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '@/testing/fake-api';
import { staffUser } from '@/testing/render-route';
import { SecurityTab } from '../components/security-tab';
import { TwoFactorPanel } from '../components/two-factor-panel';

function renderWithData(ui: React.ReactNode) {
  sessionStore.set({ token: 'token-admin', user: staffUser('admin') });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

const session = (overrides: Partial<ActiveSession>): ActiveSession => ({
  id: 's1',
  userId: 'u1',
  username: 'admin1',
  name: 'Alice Admin',
  role: 'admin',
  device: 'Chrome on Windows',
  ip: '10.0.0.1',
  createdAt: '2026-05-04T08:00:00.000Z',
  lastSeenAt: '2026-05-04T09:30:00.000Z',
  expiresAt: '2026-05-05T08:00:00.000Z',
  current: false,
  ...overrides,
});

const off: TwoFactorStatus = {
  available: true,
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
};

describe('the Security tab', () => {
  it('shows and saves the session timeout and password length, refusing bad values first', async () => {
    const api = fakeApi({
      'GET /api/security/settings': { data: { sessionTimeoutHours: 24, passwordMinLength: 8 } },
      'PUT /api/security/settings': ({ body }) => ({
        data: { sessionTimeoutHours: 24, passwordMinLength: 8, ...(body as object) },
      }),
      'GET /api/auth/two-factor': { data: off },
      'GET /api/security/sessions': { data: [] },
      'GET /api/security/login-failures': { data: [] },
    });
    const { user } = renderWithData(<SecurityTab />);
    expect(
      await screen.findByText('Session timeout: 24 hours · Minimum password length: 8 characters'),
    ).toBeInTheDocument();
    const timeout = screen.getByLabelText('Session timeout (hours)');
    expect(timeout).toHaveValue(24);

    await user.clear(timeout);
    await user.type(timeout, '0');
    await user.click(screen.getByRole('button', { name: 'Save security settings' }));
    expect(
      await screen.findByText('Session timeout must be between 1 and 720 hours'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/security/settings')).toHaveLength(0);

    await user.clear(timeout);
    await user.type(timeout, '8');
    const length = screen.getByLabelText('Minimum password length');
    await user.clear(length);
    await user.type(length, '12');
    await user.click(screen.getByRole('button', { name: 'Save security settings' }));
    expect(await screen.findByText('Security settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/security/settings').map((c) => c.body)).toEqual([
      { sessionTimeoutHours: 8, passwordMinLength: 12 },
    ]);
    expect(
      await screen.findByText('Session timeout: 8 hours · Minimum password length: 12 characters'),
    ).toBeInTheDocument();
  });

  it('lists who is signed in and revokes another session, never its own', async () => {
    let sessions = [
      session({ id: 'mine', current: true }),
      session({
        id: 'phone',
        userId: 'u2',
        username: 'waiter1',
        name: 'Will Waiter',
        role: 'waiter',
        device: 'Safari on iOS',
        ip: '10.0.0.7',
      }),
    ];
    const api = fakeApi({
      'GET /api/security/settings': { data: { sessionTimeoutHours: 24, passwordMinLength: 8 } },
      'GET /api/auth/two-factor': { data: off },
      'GET /api/security/sessions': () => ({ data: sessions }),
      'DELETE /api/security/sessions/phone': () => {
        sessions = sessions.filter((s) => s.id !== 'phone');
        return { data: { revoked: true } };
      },
      'GET /api/security/login-failures': { data: [] },
    });
    const { user } = renderWithData(<SecurityTab />);
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    const waiterRow = (await within(table).findByText('Will Waiter')).closest('tr')!;
    expect(within(waiterRow).getByText('Waiter')).toBeInTheDocument();
    expect(within(waiterRow).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(waiterRow).getByText('10.0.0.7')).toBeInTheDocument();
    const myRow = within(table).getByText('Alice Admin').closest('tr')!;
    expect(within(myRow).getByText('This session')).toBeInTheDocument();
    expect(within(myRow).queryByRole('button')).toBeNull();

    await user.click(
      within(waiterRow).getByRole('button', {
        name: "Revoke Will Waiter's session on Safari on iOS",
      }),
    );
    expect(await screen.findByText('Session revoked')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/security/sessions/phone')).toHaveLength(1);
    await expect.poll(() => within(table).queryByText('Will Waiter'), { timeout: 5000 }).toBeNull();
  });

  it('lists recent failed sign-ins with their reasons, or says there are none', async () => {
    const failures: LoginFailure[] = [
      {
        id: 2,
        username: 'manager1',
        userId: 'u3',
        ip: '203.0.113.9',
        device: 'Firefox on Linux',
        reason: 'wrong_code',
        createdAt: '2026-05-04T09:00:00.000Z',
      },
      {
        id: 1,
        username: 'waiter1',
        userId: 'u2',
        ip: '203.0.113.8',
        device: 'curl',
        reason: 'too_many_attempts',
        createdAt: '2026-05-04T08:00:00.000Z',
      },
    ];
    fakeApi({
      'GET /api/security/settings': { data: { sessionTimeoutHours: 24, passwordMinLength: 8 } },
      'GET /api/auth/two-factor': { data: off },
      'GET /api/security/sessions': { data: [] },
      'GET /api/security/login-failures': { data: failures },
    });
    renderWithData(<SecurityTab />);
    const table = await screen.findByRole('table', { name: 'Recent failed sign-ins' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'manager1',
      'waiter1',
    ]);
    expect(within(rows[0]!).getByText('Wrong two-factor code')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Too many attempts')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('203.0.113.9')).toBeInTheDocument();
  });

  it('says so when nobody failed to sign in', async () => {
    fakeApi({
      'GET /api/security/settings': { data: { sessionTimeoutHours: 24, passwordMinLength: 8 } },
      'GET /api/auth/two-factor': { data: off },
      'GET /api/security/sessions': { data: [] },
      'GET /api/security/login-failures': { data: [] },
    });
    renderWithData(<SecurityTab />);
    expect(await screen.findByText('No failed sign-ins in the last 30 days.')).toBeInTheDocument();
  });
});

describe('two-factor set-up', () => {
  it('shows the QR code and key, confirms with a code, then shows the recovery codes once', async () => {
    let status = off;
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const api = fakeApi({
      'GET /api/auth/two-factor': () => ({ data: status }),
      'POST /api/auth/two-factor/setup': {
        data: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Tavola:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        },
      },
      'POST /api/auth/two-factor/enable': ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return {
            status: 400,
            error: 'That code is not right. Check the time on your phone and try again.',
          };
        }
        status = {
          ...off,
          enabled: true,
          enabledAt: '2026-05-04T08:00:00.000Z',
          recoveryCodesLeft: 10,
        };
        return { data: { recoveryCodes: codes } };
      },
    });
    const { user } = renderWithData(<TwoFactorPanel />);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByLabelText('Secret key')).toHaveTextContent(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );

    await user.type(screen.getByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText(
        'That code is not right. Check the time on your phone and try again.',
      ),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(api.callsTo('POST /api/auth/two-factor/enable').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns off with a code, in the server’s words when refused', async () => {
    let status: TwoFactorStatus = {
      available: true,
      enabled: true,
      enabledAt: '2026-05-04T08:00:00.000Z',
      recoveryCodesLeft: 3,
    };
    fakeApi({
      'GET /api/auth/two-factor': () => ({ data: status }),
      'POST /api/auth/two-factor/disable': ({ body }) => {
        if ((body as { code: string }).code === '111111') {
          return { status: 400, error: 'That code has already been used. Wait for the next one.' };
        }
        status = off;
        return { data: status };
      },
    });
    const { user } = renderWithData(<TwoFactorPanel />);
    expect(await screen.findByText('3 recovery codes left.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code to turn it off'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(
      await screen.findByText('That code has already been used. Wait for the next one.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Code to turn it off'));
    await user.type(screen.getByLabelText('Code to turn it off'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(
      await screen.findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
  });

  it('tells a waiter it is for admins, managers and the team', async () => {
    fakeApi({ 'GET /api/auth/two-factor': { data: { ...off, available: false } } });
    renderWithData(<TwoFactorPanel />);
    expect(
      await screen.findByText('Two-factor sign-in is for admin, manager and team accounts.'),
    ).toBeInTheDocument();
  });
});
