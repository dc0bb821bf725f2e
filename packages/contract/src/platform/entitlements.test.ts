import { describe, expect, it } from 'vitest';
import { entitlementRefusal, trialHasEnded } from '../index.js';

describe('entitlementRefusal', () => {
  it('stops Starter Feast at 5 tables and 2 staff accounts, naming Growth Grill', () => {
    expect(entitlementRefusal('starter', 'tables', 4)).toBeNull();
    expect(entitlementRefusal('starter', 'tables', 5)).toBe(
      'The Starter Feast plan includes up to 5 tables; the Growth Grill plan allows more (35 included, extra tables EUR 3.50 each).',
    );
    expect(entitlementRefusal('starter', 'staff', 1)).toBeNull();
    expect(entitlementRefusal('starter', 'staff', 2)).toBe(
      'The Starter Feast plan includes 2 staff accounts; the Growth Grill plan has unlimited staff.',
    );
  });

  it('lets the paid plans add billed extra tables and unlimited staff', () => {
    for (const plan of ['growth', 'enterprise'] as const) {
      expect(entitlementRefusal(plan, 'tables', 500)).toBeNull();
      expect(entitlementRefusal(plan, 'staff', 500)).toBeNull();
    }
  });
});

describe('trialHasEnded', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is true only for a trial whose end has passed', () => {
    expect(
      trialHasEnded({ status: 'trial', trialEndsAt: new Date('2026-11-21T11:59:59Z') }, now),
    ).toBe(true);
    expect(
      trialHasEnded({ status: 'trial', trialEndsAt: new Date('2026-11-22T00:00:00Z') }, now),
    ).toBe(false);
    expect(trialHasEnded({ status: 'trial', trialEndsAt: null }, now)).toBe(false);
    expect(trialHasEnded({ status: 'active', trialEndsAt: new Date('2020-01-01') }, now)).toBe(
      false,
    );
  });
});
