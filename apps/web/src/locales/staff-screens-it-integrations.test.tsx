import { screen, within } from '@testing-library/react';
import type {
  ApiKey,
  TwoFactorStatus,
  User,
  WebhookDelivery,
  WebhookEndpoint,
} from '@tavola/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';
import './staff-it';

// The admin's own two-factor panel and email, the team's two-factor set-up, and the Integrations
// tab speak their user's language (the catalogs' keys are checked in staff-it.test.ts).

beforeAll(async () => {
  await Promise.all([preloadRoute('/admin'), preloadRoute('/team')]);
});

const off: TwoFactorStatus = {
  available: true,
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
};
const on: TwoFactorStatus = {
  available: true,
  enabled: true,
  enabledAt: '2026-11-20T09:00:00.000Z',
  recoveryCodesLeft: 1,
};

describe("the admin's own two-factor sign-in and email", () => {
  const securityApi = (twoFactor: TwoFactorStatus) =>
    fakeApi({
      'GET /api/security/settings': { data: { sessionTimeoutHours: 24, passwordMinLength: 8 } },
      'GET /api/auth/two-factor': { data: twoFactor },
      'GET /api/security/sessions': { data: [] },
      'GET /api/security/login-failures': { data: [] },
      'GET /api/auth/email': {
        data: {
          email: 'owner@example.com',
          verified: false,
          verifiedAt: null,
          mailAvailable: false,
        },
      },
    });

  it('speak Italian to an Italian admin', async () => {
    securityApi(off);
    renderRoute('/admin?tab=security', { user: staffUser('admin', { locale: 'it' }) });
    expect(
      await screen.findByRole('button', { name: 'Configura la verifica in due passaggi' }),
    ).toBeVisible();
    expect(screen.getByText('Disattivata')).toBeVisible();
    expect(await screen.findByText('La tua email')).toBeVisible();
    expect(await screen.findByText('Non verificata')).toBeVisible();
    expect(screen.getByLabelText('Indirizzo email')).toHaveValue('owner@example.com');
    expect(screen.getByRole('button', { name: 'Invia il link di verifica' })).toBeVisible();
    expect(
      screen.getByText(
        'L’email non è ancora configurata su questo server, quindi non è stato inviato nulla. Il tuo indirizzo sarà verificato quando la posta sarà disponibile.',
      ),
    ).toBeVisible();
  });

  it('count the recovery codes left in Italian', async () => {
    securityApi(on);
    renderRoute('/admin?tab=security', { user: staffUser('admin', { locale: 'it' }) });
    expect(await screen.findByText('Resta 1 codice di recupero.')).toBeVisible();
    expect(screen.getByLabelText('Codice per disattivarla')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Disattiva la verifica in due passaggi' }),
    ).toBeVisible();
  });

  it('keep the spec’s English for an English admin', async () => {
    securityApi(on);
    renderRoute('/admin?tab=security', { user: staffUser('admin') });
    expect(await screen.findByText('1 recovery code left.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible();
    expect(await screen.findByText('Your email')).toBeVisible();
    expect(await screen.findByText('Not verified')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send verification link' })).toBeVisible();
  });
});

describe("the team's two-factor set-up", () => {
  const team = (locale: User['locale']): User =>
    staffUser('team', {
      restaurant_id: null,
      restaurant: null,
      two_factor_enrolment_required: true,
      locale,
    });
  const teamApi = (user: User) =>
    fakeApi({
      'GET /api/auth/profile': { data: user },
      'GET /api/auth/two-factor': { data: off },
    });

  it('speaks Italian to an Italian team member', async () => {
    const user = team('it');
    teamApi(user);
    renderRoute('/team', { user });
    expect(
      await screen.findByText(
        'Il team Tavola richiede l’accesso in due passaggi: attivalo per il tuo account per continuare.',
      ),
    ).toBeVisible();
    expect(
      await screen.findByRole('button', { name: 'Configura la verifica in due passaggi' }),
    ).toBeVisible();
  });

  it('keeps the spec’s English for an English team member', async () => {
    const user = team('en');
    teamApi(user);
    renderRoute('/team', { user });
    expect(
      await screen.findByText(
        'The Tavola team requires two-factor sign-in: set it up for your account to continue.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  });
});

const key: ApiKey = {
  id: 'k1',
  name: 'Cassa',
  masked: 'tvk_live_Ab3d…x9Qz',
  scopes: ['orders:read'],
  allowedSources: [],
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  requestCount: 3,
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'admin-1',
};
const endpoint: WebhookEndpoint = {
  id: '00000000-0000-4000-8000-000000000001',
  url: 'https://example.com/tavola',
  description: '',
  eventTypes: [],
  ordered: true,
  enabled: false,
  disabledReason: 'failing',
  secretHint: 'whsec_Ab3d…',
  previousSecretUntil: null,
  failingSince: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 'd1',
  endpointId: endpoint.id,
  messageId: 'msg_1',
  eventType: 'order.created',
  status: 'failed',
  attempts: 2,
  nextAttemptAt: null,
  lastAttemptAt: null,
  responseStatus: 500,
  latencyMs: 12,
  responseBody: null,
  error: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};

describe("the admin's Integrations tab", () => {
  const integrationsApi = () =>
    fakeApi({
      'GET /api/integrations/api-keys': { data: { keys: [key] } },
      'GET /api/integrations/webhooks': { data: { endpoints: [endpoint] } },
      [`GET /api/integrations/webhooks/${endpoint.id}/deliveries`]: {
        data: { deliveries: [delivery] },
      },
    });

  it('speaks Italian to an Italian admin: keys, webhooks, the delivery log and the limits', async () => {
    integrationsApi();
    const { user } = renderRoute('/admin?tab=integrations', {
      user: staffUser('admin', { locale: 'it' }),
    });
    const keys = await screen.findByRole('table', { name: 'Chiavi API' });
    expect(within(keys).getByRole('columnheader', { name: 'Ultimo utilizzo' })).toBeVisible();
    expect(within(keys).getByText('Mai')).toBeVisible();
    expect(within(keys).getByRole('button', { name: 'Rinnova Cassa' })).toBeVisible();
    expect(screen.getByText('Attive: 1 su 1 chiavi')).toBeVisible();
    expect(screen.getByLabelText('Ordini: lettura')).toBeChecked();
    expect(screen.getByLabelText('Nome della chiave')).toBeVisible();
    expect(await screen.findByText('Disattivato dopo un giorno di errori')).toBeVisible();
    expect(screen.getByText('Tutti gli eventi · in ordine · segreto whsec_Ab3d…')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Consegne' }));
    const log = await screen.findByRole('table', { name: 'Consegne a https://example.com/tavola' });
    expect(await within(log).findByText('non riuscita')).toBeVisible();
    expect(within(log).getByRole('button', { name: 'Consegna di nuovo msg_1' })).toBeVisible();
    expect(
      screen.getByText(/^Limiti per chiave: 20 richieste al secondo e 10\.000 ogni 15 minuti/),
    ).toBeVisible();
  });

  it('keeps the spec’s English for an English admin', async () => {
    integrationsApi();
    const { user } = renderRoute('/admin?tab=integrations', { user: staffUser('admin') });
    const keys = await screen.findByRole('table', { name: 'API keys' });
    expect(within(keys).getByRole('columnheader', { name: 'Last used' })).toBeVisible();
    expect(within(keys).getByText('Never')).toBeVisible();
    expect(screen.getByText('1 active of 1 keys')).toBeVisible();
    expect(screen.getByLabelText('Orders read')).toBeChecked();
    expect(await screen.findByText('Disabled after a day of failures')).toBeVisible();
    expect(screen.getByText('All events · in order · secret whsec_Ab3d…')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('table', {
      name: 'Deliveries to https://example.com/tavola',
    });
    expect(await within(log).findByText('failed')).toBeVisible();
    expect(
      screen.getByText(
        'Limits per key: 20 requests a second and 10,000 per 15 minutes, announced in the RateLimit headers of every answer; past them the API answers 429 with Retry-After.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent ===
            'The public API is at /api/v1; its reference, every operation with its examples and error codes, is the OpenAPI document /api/v1/openapi.json (open it in any OpenAPI viewer, or generate a client from it).',
      ),
    ).toBeVisible();
  });
});
