import { screen } from '@testing-library/react';
import { PASSWORD_BLANK, PASSWORD_REPEATED_WORD } from '@tavola/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => {
  FakeWebSocket.install();
  sessionStore.clear();
});

describe('self-serve sign-up', () => {
  it('is reached from the landing page and the login page', async () => {
    fakeApi({});
    const landing = renderRoute('/');
    await landing.user.click(await screen.findByRole('link', { name: 'Start free trial' }));
    expect(
      await screen.findByRole('heading', { name: 'Start your free trial' }),
    ).toBeInTheDocument();
    landing.unmount();
    const login = renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Start free trial' })).toHaveAttribute(
      'href',
      '/signup',
    );
    login.unmount();
  });

  it("shows the server's refusal, then signs the owner in and opens their dashboard", async () => {
    const owner = staffUser('admin', { id: 'owner-1', username: 'olivia', name: 'Olivia Owner' });
    let attempt = 0;
    const api = fakeApi({
      'POST /api/signup': () =>
        ++attempt === 1
          ? {
              status: 409,
              error:
                'The username "olivia" is not available. Choose another one, such as "olivia.casa-nuova".',
            }
          : {
              status: 201,
              data: {
                token: 'owner-token',
                user: owner,
                expiresAt: '2026-12-01T00:00:00.000Z',
                restaurant: {
                  id: 'r1',
                  name: 'Casa Nuova',
                  trialEndsAt: '2026-12-05T00:00:00.000Z',
                },
                // An email was given: its verification link was mailed.
                emailVerification: 'sent',
              },
            },
    });
    const { user } = renderRoute('/signup');
    await user.click(await screen.findByRole('button', { name: 'Start free trial' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Please enter the restaurant's name, your name and a username",
    );
    await user.type(screen.getByLabelText('Restaurant name'), 'Casa Nuova');
    await user.type(screen.getByLabelText('Your name'), 'Olivia Owner');
    await user.type(screen.getByLabelText('Email'), 'olivia@example.com');
    await user.type(screen.getByLabelText('Username'), 'olivia');
    // The password rule is checked before anything is sent.
    await user.type(screen.getByLabelText('Password'), ' '.repeat(20));
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_BLANK);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'passwordpasswordpassword');
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_REPEATED_WORD);
    expect(api.callsTo('POST /api/signup')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'olivia-pass-1');
    await user.click(screen.getByLabelText('Start with a sample menu to edit'));
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username "olivia" is not available. Choose another one, such as "olivia.casa-nuova".',
    );
    expect(sessionStore.get()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(sessionStore.get()?.token).toBe('owner-token');
    const body = api.callsTo('POST /api/signup').at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      restaurantName: 'Casa Nuova',
      ownerName: 'Olivia Owner',
      username: 'olivia',
      password: 'olivia-pass-1',
      sampleMenu: false,
      email: 'olivia@example.com',
      currency: 'eur',
      taxRate: 0,
      serviceCharge: 0,
      pricesIncludeTax: true,
    });
    // The device's own zone (the test runner's).
    expect(body.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('asks the time zone, currency, tax and service charge, and sends them', async () => {
    const owner = staffUser('admin', { id: 'owner-2', username: 'sam', name: 'Sam Owner' });
    const api = fakeApi({
      'POST /api/signup': {
        status: 201,
        data: {
          token: 'owner-token',
          user: owner,
          expiresAt: '2026-12-01T00:00:00.000Z',
          restaurant: { id: 'r2', name: 'Diner', trialEndsAt: '2026-12-05T00:00:00.000Z' },
          emailVerification: 'mail_unavailable',
        },
      },
    });
    const { user } = renderRoute('/signup');
    await user.type(await screen.findByLabelText('Restaurant name'), 'Sam’s Diner');
    const zone = screen.getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.selectOptions(screen.getByLabelText('Currency'), 'usd');
    // USD menus add tax unless the owner says otherwise.
    expect(screen.getByLabelText('Menu prices include tax')).not.toBeChecked();
    await user.type(screen.getByLabelText('Tax rate'), '8,88');
    await user.type(screen.getByLabelText('Service charge'), '12.5');
    await user.type(screen.getByLabelText('Your name'), 'Sam Owner');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Username'), 'sam-diner');
    await user.type(screen.getByLabelText('Password'), 'griddle-and-pie-7');
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose your time zone from the list (such as Europe/Rome)',
    );
    await user.clear(zone);
    await user.type(zone, 'America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/signup')[0]?.body).toMatchObject({
      timezone: 'America/Chicago',
      currency: 'usd',
      taxRate: 8.88,
      serviceCharge: 12.5,
      pricesIncludeTax: false,
      email: 'sam@example.com',
    });
  });
});
