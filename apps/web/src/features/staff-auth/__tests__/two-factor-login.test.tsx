import { LOGIN_CHALLENGE_EXPIRED } from '@tavola/contract';
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => {
  FakeWebSocket.install();
});

const challenge = {
  twoFactorRequired: true,
  challenge: 'c-1',
  expiresAt: '2026-05-04T08:05:00.000Z',
};

// The route's code loads once before the tests: on a busy machine the first load outlasts a wait.
beforeAll(() => Promise.all([preloadRoute('/login'), preloadRoute('/admin')]), 120_000);

describe('the staff login with two-factor sign-in', () => {
  it('asks for the code after the password, refuses a wrong one, then signs in', async () => {
    const admin = staffUser('admin', { username: 'admin1' });
    const api = fakeApi({
      'POST /api/auth/login': { data: challenge },
      'POST /api/auth/login/two-factor': ({ body }) =>
        (body as { code: string }).code === '654321'
          ? { data: { token: 'admin-token', user: admin, expiresAt: '2026-05-05T08:00:00.000Z' } }
          : { status: 401, error: 'Invalid two-factor code' },
    });
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Username'), 'admin1');
    await user.type(screen.getByLabelText('Password'), 'admin123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByRole('heading', { name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    // No session until the code is right.
    expect(sessionStore.get()).toBeNull();
    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid two-factor code');
    expect(sessionStore.get()).toBeNull();

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(sessionStore.get()?.token).toBe('admin-token');
    expect(api.callsTo('POST /api/auth/login/two-factor').map((c) => c.body)).toEqual([
      { challenge: 'c-1', code: '111111' },
      { challenge: 'c-1', code: '654321' },
    ]);
  });

  it('goes back to the password when the challenge has expired, saying why', async () => {
    fakeApi({
      'POST /api/auth/login': { data: challenge },
      'POST /api/auth/login/two-factor': { status: 401, error: LOGIN_CHALLENGE_EXPIRED },
    });
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Username'), 'manager1');
    await user.type(screen.getByLabelText('Password'), 'manager123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_CHALLENGE_EXPIRED);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('manager1');
  });

  it('starts over from the code step with Back to sign in', async () => {
    fakeApi({ 'POST /api/auth/login': { data: challenge } });
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Username'), 'manager1');
    await user.type(screen.getByLabelText('Password'), 'manager123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });
});
