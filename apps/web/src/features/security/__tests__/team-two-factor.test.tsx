import { TEAM_TWO_FACTOR_REQUIRED, type TwoFactorStatus, type User } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => {
  FakeWebSocket.install();
  sessionStorage.clear();
});

const team = (required: boolean): User =>
  staffUser('team', {
    restaurant_id: null,
    restaurant: null,
    name: 'Sara Ops',
    two_factor_enrolment_required: required,
  });

const off: TwoFactorStatus = {
  available: true,
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
};

const overview = {
  'GET /api/platform/overview': {
    data: {
      restaurants: { total: 0, active: 0, trial: 0, suspended: 0 },
      trialsEndingIn7Days: 0,
      ordersToday: 0,
    },
  },
  'GET /api/platform/events': { data: [] },
  'GET /api/platform/restaurants': { data: [] },
};

describe("the team console's two-factor sign-in", () => {
  it('shows only the set-up to a team account the team requires it of, then opens the console', async () => {
    let enrolled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    const api = fakeApi({
      ...overview,
      'GET /api/auth/profile': () => ({ data: team(!enrolled) }),
      'GET /api/auth/two-factor': () => ({
        data: enrolled ? { ...off, enabled: true, recoveryCodesLeft: 10 } : off,
      }),
      'POST /api/auth/two-factor/setup': {
        data: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Tavola:ops-sara?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        },
      },
      'POST /api/auth/two-factor/enable': () => {
        enrolled = true;
        return { data: { recoveryCodes: codes } };
      },
    });
    const { user } = renderRoute('/team', { user: team(true) });

    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    expect(screen.getByText(TEAM_TWO_FACTOR_REQUIRED)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Restaurants' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/platform/overview')).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(api.callsTo('POST /api/auth/two-factor/enable')[0]?.body).toEqual({ code: '123456' });
    // Still the set-up until the codes are put away.
    expect(screen.queryByRole('tab', { name: 'Restaurants' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('tab', { name: 'Restaurants' })).toBeInTheDocument();
    expect(screen.queryByText(TEAM_TWO_FACTOR_REQUIRED)).not.toBeInTheDocument();
  });

  it('lets any team member manage their own two-factor sign-in from the console header', async () => {
    fakeApi({ ...overview, 'GET /api/auth/two-factor': { data: off } });
    const { user } = renderRoute('/team', { user: team(false) });
    await screen.findByRole('tab', { name: 'Restaurants' });
    await user.click(screen.getByRole('button', { name: 'Two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    expect(
      await within(dialog).findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeEnabled();
    expect(within(dialog).queryByText(/is for admin/)).not.toBeInTheDocument();
  });
});
