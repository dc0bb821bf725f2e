import { describe, expect, it } from 'vitest';
import {
  entitlementRefusal,
  featureRefusal,
  planChangeBlockers,
  planChangeRefusal,
  trialHasEnded,
} from '../index.js';

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

describe('featureRefusal', () => {
  it('keeps white label and custom integrations to Enterprise Empire, and says so', () => {
    expect(featureRefusal('enterprise', 'white_label')).toBeNull();
    expect(featureRefusal('enterprise', 'integrations')).toBeNull();
    expect(featureRefusal('growth', 'white_label')).toBe(
      'White label is not part of the Growth Grill plan; the Enterprise Empire plan includes it.',
    );
    expect(featureRefusal('starter', 'integrations')).toBe(
      'Custom integrations is not part of the Starter Feast plan; the Enterprise Empire plan includes it.',
    );
  });
});

describe('planChangeRefusal', () => {
  const usage = { tables: 8, staff: 3, whiteLabel: true, integrations: 0 };

  it('lets every upgrade through, whatever the usage', () => {
    expect(planChangeRefusal('starter', 'growth', usage)).toBeNull();
    expect(planChangeRefusal('growth', 'enterprise', { ...usage, tables: 500 })).toBeNull();
  });

  it('refuses a downgrade the usage exceeds, listing what to remove', () => {
    expect(planChangeRefusal('enterprise', 'starter', usage)).toBe(
      'The restaurant uses more than the Starter Feast plan allows. Remove first: 3 tables (8 in use, 5 allowed); 1 staff account (3 active, 2 allowed; deactivate them); the white-label branding (brand name, colour and logo).',
    );
    expect(planChangeRefusal('enterprise', 'growth', { ...usage, integrations: 2 })).toBe(
      'The restaurant uses more than the Growth Grill plan allows. Remove first: the white-label branding (brand name, colour and logo); 2 custom integrations.',
    );
  });

  it('lets a downgrade through once the usage fits; extra tables are billed, not blockers', () => {
    expect(
      planChangeRefusal('enterprise', 'growth', {
        tables: 80,
        staff: 40,
        whiteLabel: false,
        integrations: 0,
      }),
    ).toBeNull();
    expect(
      planChangeRefusal('growth', 'starter', {
        tables: 5,
        staff: 2,
        whiteLabel: false,
        integrations: 0,
      }),
    ).toBeNull();
    expect(planChangeBlockers('starter', { ...usage, tables: 6, staff: 2 })).toEqual([
      '1 table (6 in use, 5 allowed)',
      'the white-label branding (brand name, colour and logo)',
    ]);
  });
});
