import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { staffUser } from '@/testing/render-route';
import { playChime, showBrowserNotification } from './sound';

/** The restaurant's notifications setting silences staff screens' alerts. */
describe('staff alerts and the restaurant’s notifications setting', () => {
  const shown: string[] = [];
  let oscillators = 0;
  beforeEach(() => {
    shown.length = 0;
    oscillators = 0;
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function (this: unknown, title: string, options: { body: string }) {
          shown.push(`${title}: ${options.body}`);
        },
        { permission: 'granted' },
      ),
    );
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'running';
        currentTime = 0;
        destination = {};
        createOscillator() {
          oscillators++;
          return { frequency: {}, connect: (n: unknown) => n, start() {}, stop() {} };
        }
        createGain() {
          return {
            gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
            connect: (n: unknown) => n,
          };
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  const signIn = (notificationsEnabled: boolean) =>
    sessionStore.set({
      token: 't',
      user: staffUser('waiter', {
        restaurant: {
          id: 'r1',
          name: 'Trattoria Test',
          is_demo: false,
          timezone: 'Europe/Rome',
          notifications_enabled: notificationsEnabled,
        },
      }),
    });

  it('sounds and pops up while the setting is on', () => {
    signIn(true);
    playChime();
    showBrowserNotification('Tavola', 'Table 4 asks for the bill');
    expect(oscillators).toBe(2);
    expect(shown).toEqual(['Tavola: Table 4 asks for the bill']);
  });

  it('neither sounds nor pops up while it is off', () => {
    signIn(false);
    playChime();
    showBrowserNotification('Tavola', 'Table 4 asks for the bill');
    expect(oscillators).toBe(0);
    expect(shown).toEqual([]);
  });
});
