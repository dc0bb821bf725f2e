import type { RestaurantUsage, Tenant } from '@tavola/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';
import { formatBytes, formatUptime } from '../components/usage-dialog';

beforeEach(() => FakeWebSocket.install());

const team = staffUser('team', { restaurant_id: null, restaurant: null, name: 'Tina Team' });

const tenant: Tenant = {
  id: 'r2',
  name: 'Osteria Due',
  slug: 'osteria-due',
  status: 'active',
  plan: 'growth',
  subscription: 'monthly',
  trialEndsAt: null,
  currency: 'eur',
  timezone: 'Europe/Rome',
  isDemo: false,
  admin: { name: 'Anna Admin', username: 'anna' },
  monthlyRevenue: 1234.5,
  tablesCount: 12,
  staffCount: 7,
  emails: { today: 0, last7Days: 0, confirmationsLast7Days: 0, refusedLast7Days: 0 },
  lastActivity: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-10-01T10:00:00.000Z',
};

const usage: RestaurantUsage = {
  server: { uptimeSeconds: 2 * 86_400 + 4 * 3600 + 120, startedAt: '2026-03-01T10:00:00.000Z' },
  storage: {
    rows: 5000,
    bytes: 3 * 1024 * 1024 + 300 * 1024,
    tables: [
      { table: 'orders', rows: 3456, bytes: 2 * 1024 * 1024 },
      { table: 'events', rows: 1544, bytes: 1024 * 1024 + 300 * 1024 },
      { table: 'backups', rows: 0, bytes: 0 },
    ],
  },
  responseTimes: { windowMinutes: 60, requests: 840, p50Ms: 4.2, p95Ms: 31.5 },
};

describe("the team's view of a restaurant's usage", () => {
  it("shows the server's uptime, the restaurant's storage and this server's response times", async () => {
    const api = fakeApi({
      'GET /api/platform/events': { data: [] },
      'GET /api/platform/overview': {
        data: {
          restaurants: { total: 1, active: 1, trial: 0, suspended: 0 },
          trialsEndingIn7Days: 0,
          ordersToday: 0,
        },
      },
      'GET /api/platform/restaurants': { data: { restaurants: [tenant], total: 1 } },
      'GET /api/platform/restaurants/r2/usage': { data: usage },
    });
    const { user } = renderRoute('/team', { user: team });
    await user.click(await screen.findByRole('tab', { name: 'Restaurants' }));
    await user.click(await screen.findByRole('button', { name: 'Usage of Osteria Due' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usage: Osteria Due' });
    const figure = (name: string) => within(dialog).findByRole('region', { name });
    expect(await figure('Uptime')).toHaveTextContent('2 d 4 h');
    expect(await figure('Storage')).toHaveTextContent('3.3 MB');
    expect(await figure('Storage')).toHaveTextContent('5,000 rows in 2 tables');
    const performance = await figure('Performance');
    expect(performance).toHaveTextContent('p50 4.2 ms · p95 31.5 ms');
    expect(performance).toHaveTextContent('840 staff calls in the last 60 min, as this server');
    expect(api.callsTo('GET /api/platform/restaurants/r2/usage')).toHaveLength(1);
  });

  it('writes sizes and durations the way people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min');
    expect(formatUptime(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatUptime(86_400 + 3600)).toBe('1 d 1 h');
  });
});
