import {
  PASSWORD_REPEATED_WORD,
  PASSWORD_RESET_LINK_INVALID,
  PASSWORD_RESET_REQUESTED,
} from '@tavola/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';

beforeEach(() => {
  FakeWebSocket.install();
  sessionStore.clear();
});

describe('Forgot password?', () => {
  it('is one tap from the staff login and says the same whatever the username', async () => {
    const api = fakeApi({
      'POST /api/auth/password/forgot': { data: { message: PASSWORD_RESET_REQUESTED } },
    });
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your username');
    await user.type(screen.getByLabelText('Username'), ' rita ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(PASSWORD_RESET_REQUESTED)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password/forgot')[0]?.body).toEqual({ username: 'rita' });
  });

  it('sets a new password from the link, checked before it is sent', async () => {
    let attempt = 0;
    const api = fakeApi({
      'POST /api/auth/password/reset': () =>
        ++attempt === 1
          ? { status: 400, error: PASSWORD_RESET_LINK_INVALID }
          : { data: { username: 'rita' } },
    });
    const { user } = renderRoute('/reset-password?token=abc123');
    const field = await screen.findByLabelText('New password');
    await user.type(field, 'passwordpassword');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_REPEATED_WORD);
    expect(api.callsTo('POST /api/auth/password/reset')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'second-olive-grove');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_LINK_INVALID);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText(/Your password is changed\. Sign in as rita/),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password/reset')[1]?.body).toEqual({
      token: 'abc123',
      password: 'second-olive-grove',
    });
  });
});
