import { describe, expect, it } from 'vitest';
import {
  invoiceFigures,
  monthlyRecurringCents,
  paymentsInEur,
  planSegments,
  transactionFeeCents,
  utcMonth,
} from '../index.js';

const d = (iso: string) => new Date(iso);
// November 2026: 30 days.
const november = utcMonth(d('2026-11-17T15:00:00Z'));

describe('utcMonth', () => {
  it('is the calendar month in UTC, whatever the hour', () => {
    expect(november).toEqual({
      start: d('2026-11-01T00:00:00Z'),
      end: d('2026-12-01T00:00:00Z'),
      label: '2026-11',
    });
    expect(utcMonth(d('2026-12-31T23:59:59Z')).end).toEqual(d('2027-01-01T00:00:00Z'));
  });
});

describe('planSegments', () => {
  const base = { ...november, createdAt: d('2025-01-01T00:00:00Z') };

  it('is one stretch on the current plan when nothing changed', () => {
    expect(planSegments({ ...base, currentPlan: 'growth', changes: [] })).toEqual([
      { plan: 'growth', from: november.start, to: november.end },
    ]);
  });

  it('starts when the restaurant was created in the month', () => {
    expect(
      planSegments({
        ...base,
        createdAt: d('2026-11-21T00:00:00Z'),
        currentPlan: 'starter',
        changes: [],
      }),
    ).toEqual([{ plan: 'starter', from: d('2026-11-21T00:00:00Z'), to: november.end }]);
  });

  it('splits the month at each change, and knows the plan before the first from that change', () => {
    const changes = [
      { fromPlan: 'growth', toPlan: 'enterprise', changedAt: d('2026-11-21T00:00:00Z') },
      { fromPlan: 'starter', toPlan: 'growth', changedAt: d('2026-11-11T00:00:00Z') },
      { fromPlan: 'enterprise', toPlan: 'growth', changedAt: d('2026-12-05T00:00:00Z') },
    ] as const;
    expect(planSegments({ ...base, currentPlan: 'growth', changes })).toEqual([
      { plan: 'starter', from: november.start, to: d('2026-11-11T00:00:00Z') },
      { plan: 'growth', from: d('2026-11-11T00:00:00Z'), to: d('2026-11-21T00:00:00Z') },
      { plan: 'enterprise', from: d('2026-11-21T00:00:00Z'), to: november.end },
    ]);
    // A change made before the month sets the plan the month starts on.
    expect(
      planSegments({
        ...base,
        currentPlan: 'enterprise',
        changes: [
          { fromPlan: 'starter', toPlan: 'enterprise', changedAt: d('2026-10-03T00:00:00Z') },
        ],
      }),
    ).toEqual([{ plan: 'enterprise', from: november.start, to: november.end }]);
  });
});

describe('invoiceFigures', () => {
  it('charges Growth Grill for the whole month, its extra tables and 1.9% of the payments', () => {
    const figures = invoiceFigures({
      month: november,
      segments: [{ plan: 'growth', from: november.start, to: november.end }],
      tables: 38,
      paymentsEurCents: 1_234_567,
    });
    // 199.00 + 3 × 3.50 + 1.9% of 12,345.67 (234.56773 → 234.57)
    expect(figures.planCents).toBe(19_900);
    expect(figures.extraTablesCents).toBe(1_050);
    expect(figures.feeCents).toBe(23_457);
    expect(figures.totalCents).toBe(19_900 + 1_050 + 23_457);
  });

  it('pro-rates a mid-month change to the cent: trial, then Growth Grill, then Enterprise Empire', () => {
    const figures = invoiceFigures({
      month: november,
      segments: [
        { plan: 'starter', from: november.start, to: d('2026-11-11T00:00:00Z') },
        { plan: 'growth', from: d('2026-11-11T00:00:00Z'), to: d('2026-11-21T00:00:00Z') },
        { plan: 'enterprise', from: d('2026-11-21T00:00:00Z'), to: november.end },
      ],
      tables: 52,
      paymentsEurCents: 10_001,
    });
    expect(
      figures.lines.map((l) => [l.plan, l.planCents, l.extraTables, l.extraTablesCents]),
    ).toEqual([
      // 10 of 30 days free.
      ['starter', 0, 0, 0],
      // 10/30 × 199.00 = 66.333 → 66.33; 17 extra tables × 3.50 × 10/30 = 19.833 → 19.83
      ['growth', 6_633, 17, 1_983],
      // 10/30 × 1,990.00 / 12 = 55.277 → 55.28; 2 extra × 2.90 × 10/30 = 1.933 → 1.93
      ['enterprise', 5_528, 2, 193],
    ]);
    expect(figures.planCents).toBe(12_161);
    expect(figures.extraTablesCents).toBe(2_176);
    // 1.9% of 100.01 = 1.90019 → 1.90
    expect(figures.feeCents).toBe(190);
    expect(figures.totalCents).toBe(12_161 + 2_176 + 190);
  });

  it('charges a trial nothing but its fee', () => {
    const figures = invoiceFigures({
      month: november,
      segments: [{ plan: 'starter', from: november.start, to: november.end }],
      tables: 5,
      paymentsEurCents: 5_000,
    });
    expect(figures).toMatchObject({
      planCents: 0,
      extraTablesCents: 0,
      feeCents: 95,
      totalCents: 95,
    });
  });
});

describe('money rules', () => {
  it('rounds the fee half up to the cent', () => {
    expect(transactionFeeCents(0)).toBe(0);
    // 1.9% of 0.50 = 0.0095 → 0.01; of 0.26 = 0.00494 → 0.00
    expect(transactionFeeCents(50)).toBe(1);
    expect(transactionFeeCents(26)).toBe(0);
  });

  it('converts a USD restaurant’s payments to euros at its rate', () => {
    // USD 108.00 at 1 EUR = 1.08 USD is EUR 100.00
    expect(paymentsInEur(10_800, 'usd', 1.08)).toBe(10_000);
    expect(paymentsInEur(10_800, 'eur', 1.08)).toBe(10_800);
  });

  it('counts a monthly plan’s price, a yearly plan’s twelfth and the extra tables as MRR', () => {
    expect(monthlyRecurringCents('starter', 5)).toBe(0);
    expect(monthlyRecurringCents('growth', 30)).toBe(19_900);
    expect(monthlyRecurringCents('growth', 40)).toBe(19_900 + 5 * 350);
    // 1,990.00 / 12 = 165.833 → 165.83
    expect(monthlyRecurringCents('enterprise', 51)).toBe(16_583 + 290);
  });
});
