import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billUnitCents,
  checkOptionSelection,
  defaultOptionPicks,
  dualLine,
  lineLabel,
  lineSnapshot,
  optionGroupInputSchema,
  type OptionGroupRule,
  type OptionPick,
  optionPriceCents,
  PRE_MODIFIERS,
  type PreModifier,
  pickedUnitPrice,
  placeOrderInputSchema,
  priceIn,
  staffOrderLineInputSchema,
  type PublicOptionGroup,
} from '../index.js';

const currency = fc.constantFrom('eur' as const, 'usd' as const);
const rate = fc.oneof(
  fc.constantFrom(1, 1.08, 0.92),
  fc.double({ min: 0.05, max: 20, noNaN: true }),
);

/** A group of 1–5 options with rules that some selection can meet. */
const group = (g: number): fc.Arbitrary<OptionGroupRule> =>
  fc
    .record({
      n: fc.integer({ min: 1, max: 5 }),
      allowRepeat: fc.boolean(),
      maxPerOption: fc.integer({ min: 1, max: 4 }),
      preModifiers: fc.subarray([...PRE_MODIFIERS]),
      prices: fc.array(fc.integer({ min: -500, max: 2_000 }), { minLength: 5, maxLength: 5 }),
      extras: fc.array(fc.integer({ min: 0, max: 800 }), { minLength: 5, maxLength: 5 }),
      unavailable: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      min: fc.nat(4),
      span: fc.nat(4),
    })
    .map((r) => {
      const perOption = r.allowRepeat ? r.maxPerOption : 1;
      const options = Array.from({ length: r.n }, (_, i) => ({
        id: `g${g}o${i}`,
        name: `Option ${i}`,
        priceCents: r.prices[i]!,
        extraPriceCents: r.extras[i]!,
        // At least the first option stays available.
        available: i === 0 || !r.unavailable[i],
        isDefault: false,
      }));
      const reachable = options.filter((o) => o.available).length * perOption;
      const min = Math.min(r.min, reachable);
      return {
        id: `g${g}`,
        name: `Group ${g}`,
        min,
        max: Math.max(1, min + r.span),
        allowRepeat: r.allowRepeat,
        maxPerOption: r.allowRepeat ? r.maxPerOption : 1,
        preModifiers: r.preModifiers,
        options,
      };
    });

const groups = fc
  .integer({ min: 0, max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, g) => group(g))));

/** A selection built to meet every rule: per group a count in [min, max] spread over available options. */
const validPicks = (gs: readonly OptionGroupRule[]): fc.Arbitrary<OptionPick[]> =>
  fc
    .tuple(
      ...gs.map((g) =>
        fc
          .record({
            count: fc.integer({ min: g.min, max: g.max }),
            order: fc.shuffledSubarray(
              g.options.filter((o) => o.available),
              { minLength: 0 },
            ),
            pre: fc.constantFrom<PreModifier | null>(
              ...(g.preModifiers.length ? g.preModifiers : [null]),
            ),
          })
          .map(({ count, order, pre }) => {
            const per = g.allowRepeat ? g.maxPerOption : 1;
            const picks: OptionPick[] = [];
            let left = Math.min(count, order.length * per);
            for (const o of order) {
              if (left <= 0) break;
              const q = Math.min(per, left);
              picks.push({ optionId: o.id, quantity: q, preModifier: pre });
              left -= q;
            }
            return { picks, enough: picks.reduce((s, p) => s + (p.quantity ?? 1), 0) >= g.min };
          }),
      ),
    )
    .filter((perGroup) => perGroup.every((p) => p.enough))
    .chain((perGroup) =>
      fc.shuffledSubarray(
        perGroup.flatMap((p) => p.picks),
        {
          minLength: perGroup.flatMap((p) => p.picks).length,
        },
      ),
    );

const countIn = (g: OptionGroupRule, picks: readonly OptionPick[]) =>
  picks
    .filter((p) => g.options.some((o) => o.id === p.optionId))
    .reduce((s, p) => s + (p.quantity ?? 1), 0);

describe('checkOptionSelection: the server accepts exactly the selections the rules allow', () => {
  it('accepts every selection within the rules, priced and in the order of the groups', () => {
    fc.assert(
      fc.property(
        groups.chain((gs) => fc.tuple(fc.constant(gs), validPicks(gs))),
        ([gs, picks]) => {
          const check = checkOptionSelection('Burger', gs, picks);
          expect(check.ok).toBe(true);
          if (!check.ok) return;
          expect(check.options).toHaveLength(picks.length);
          const order = gs.flatMap((g) => g.options.map((o) => o.id));
          const ids = check.options.map((o) => order.indexOf(o.optionId));
          expect(ids).toEqual([...ids].sort((a, b) => a - b));
          for (const picked of check.options) {
            const g = gs.find((x) => x.id === picked.groupId)!;
            const o = g.options.find((x) => x.id === picked.optionId)!;
            expect(picked.priceCents).toBe(
              optionPriceCents(o, picked.preModifier) * picked.quantity,
            );
          }
        },
      ),
    );
  });

  it('refuses any selection that breaks one rule, with the code of that rule and the group named', () => {
    type Break =
      'unknown' | 'unavailable' | 'twice' | 'repeat' | 'below' | 'above' | 'pre' | 'noPre';
    const kind = fc.constantFrom<Break>(
      'unknown',
      'unavailable',
      'twice',
      'repeat',
      'below',
      'above',
      'pre',
      'noPre',
    );
    fc.assert(
      fc.property(
        groups
          .filter((gs) => gs.length > 0)
          .chain((gs) => fc.tuple(fc.constant(gs), validPicks(gs), kind, fc.nat(3))),
        ([gs, picks, breaking, which]) => {
          const g = gs[which % gs.length]!;
          const inG = picks.filter((p) => g.options.some((o) => o.id === p.optionId));
          const others = picks.filter((p) => !inG.includes(p));
          let bad: OptionPick[] | null = null;
          let code: string;
          const pre = g.preModifiers[0] ?? null;
          switch (breaking) {
            case 'unknown':
              bad = [...picks, { optionId: 'nope', preModifier: pre }];
              code = 'OPTION_UNKNOWN';
              break;
            case 'unavailable': {
              const off = g.options.find((o) => !o.available);
              if (off) bad = [{ optionId: off.id, preModifier: pre }, ...others];
              code = 'OPTION_UNAVAILABLE';
              break;
            }
            case 'twice':
              if (inG[0]) bad = [...picks, { ...inG[0], quantity: 1 }];
              code = 'OPTION_PICKED_TWICE';
              break;
            case 'repeat': {
              const per = g.allowRepeat ? g.maxPerOption : 1;
              bad = [
                ...others,
                { optionId: g.options[0]!.id, quantity: per + 1, preModifier: pre },
              ];
              code = 'OPTION_ABOVE_MAX_PER_OPTION';
              break;
            }
            case 'below':
              if (g.min > 0) bad = others;
              code = 'OPTION_GROUP_BELOW_MIN';
              break;
            case 'above': {
              // Every available option as often as allowed, if that is more than max.
              const per = g.allowRepeat ? g.maxPerOption : 1;
              const all = g.options
                .filter((o) => o.available)
                .map((o) => ({ optionId: o.id, quantity: per, preModifier: pre }));
              if (countIn(g, all) > g.max) bad = [...others, ...all];
              code = 'OPTION_GROUP_ABOVE_MAX';
              break;
            }
            case 'pre': {
              const missing = PRE_MODIFIERS.find((p) => !g.preModifiers.includes(p));
              if (missing && g.preModifiers.length > 0) {
                bad = [...others, { optionId: g.options[0]!.id, preModifier: missing }];
              } else if (g.preModifiers.length === 0) {
                bad = [...others, { optionId: g.options[0]!.id, preModifier: 'extra' }];
              }
              code = 'OPTION_PRE_MODIFIER_NOT_OFFERED';
              break;
            }
            case 'noPre':
              if (g.preModifiers.length > 0) {
                bad = [...others, { optionId: g.options[0]!.id, preModifier: null }];
              }
              code = 'OPTION_PRE_MODIFIER_REQUIRED';
              break;
          }
          if (!bad) return;
          const check = checkOptionSelection('Burger', gs, bad);
          expect(check.ok).toBe(false);
          if (check.ok) return;
          // Breaking one rule in a group can break another group's min first (removing picks):
          // the refusal is then about that group, with its code.
          if (breaking !== 'below') expect(check.problem.code).toBe(code!);
          const params = check.problem.params as Record<string, unknown>;
          if (check.problem.code === 'OPTION_UNKNOWN') expect(params.item).toBe('Burger');
          else expect(gs.map((x) => x.name)).toContain(params.group);
        },
      ),
    );
  });

  it('agrees with a plain reading of the rules on any selection at all', () => {
    const anyPicks = (gs: readonly OptionGroupRule[]) =>
      fc.array(
        fc.record({
          optionId: fc.constantFrom('x', ...gs.flatMap((g) => g.options.map((o) => o.id))),
          quantity: fc.integer({ min: 1, max: 5 }),
          preModifier: fc.constantFrom<PreModifier | null>(null, ...PRE_MODIFIERS),
        }),
        { maxLength: 6 },
      );
    const allowed = (gs: readonly OptionGroupRule[], picks: readonly OptionPick[]) => {
      const ids = picks.map((p) => p.optionId);
      if (new Set(ids).size !== ids.length) return false;
      for (const p of picks) {
        const g = gs.find((x) => x.options.some((o) => o.id === p.optionId));
        if (!g) return false;
        const o = g.options.find((x) => x.id === p.optionId)!;
        if (!o.available) return false;
        const pre = p.preModifier ?? null;
        if (g.preModifiers.length === 0 ? pre !== null : !pre || !g.preModifiers.includes(pre)) {
          return false;
        }
        if ((p.quantity ?? 1) > (g.allowRepeat ? g.maxPerOption : 1)) return false;
      }
      return gs.every((g) => countIn(g, picks) >= g.min && countIn(g, picks) <= g.max);
    };
    fc.assert(
      fc.property(
        groups.chain((gs) => fc.tuple(fc.constant(gs), anyPicks(gs))),
        ([gs, picks]) => {
          expect(checkOptionSelection('Burger', gs, picks).ok).toBe(allowed(gs, picks));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('starts a chooser from the default picks, which the rules take when they fit', () => {
    const g: OptionGroupRule = {
      id: 'size',
      name: 'Size',
      min: 1,
      max: 1,
      allowRepeat: false,
      maxPerOption: 1,
      preModifiers: [],
      options: [
        {
          id: 's',
          name: 'Small',
          priceCents: -200,
          extraPriceCents: 0,
          available: true,
          isDefault: false,
        },
        {
          id: 'm',
          name: 'Medium',
          priceCents: 0,
          extraPriceCents: 0,
          available: true,
          isDefault: true,
        },
      ],
    };
    expect(defaultOptionPicks([g])).toEqual([{ optionId: 'm', quantity: 1 }]);
    expect(checkOptionSelection('Pizza', [g], defaultOptionPicks([g])).ok).toBe(true);
    expect(checkOptionSelection('Pizza', [g], [])).toEqual({
      ok: false,
      problem: { code: 'OPTION_GROUP_BELOW_MIN', params: { group: 'Size', min: 1 } },
    });
  });
});

describe('a line with options: (unit + extras) × quantity, in both currencies', () => {
  it('prices the unit with its extras once, by the currency rule, and multiplies', () => {
    fc.assert(
      fc.property(
        groups.chain((gs) => fc.tuple(fc.constant(gs), validPicks(gs))),
        fc.record({ priceCents: fc.integer({ min: 1, max: 500_000 }), currency }),
        currency,
        rate,
        fc.integer({ min: 1, max: 99 }),
        ([gs, picks], item, base, eurToUsd, quantity) => {
          const check = checkOptionSelection('Item', gs, picks);
          if (!check.ok) throw new Error('a valid selection was refused');
          const extras = check.options.reduce((s, o) => s + o.priceCents, 0);
          const line = lineSnapshot(
            { id: 'i', name: 'Item', category: 'food', ...item },
            { key: 'k', options: check.options },
            base,
            eurToUsd,
          );
          const unit = billUnitCents(
            Math.max(0, item.priceCents + extras),
            item.currency,
            base,
            eurToUsd,
          );
          expect(line.unitCents).toBe(unit);
          const total = dualLine(line.unitCents, quantity, base, eurToUsd);
          expect(total.eur).toBe(priceIn(unit, base, 'eur', eurToUsd) * quantity);
          expect(total.usd).toBe(priceIn(unit, base, 'usd', eurToUsd) * quantity);

          // The chooser's running price is the same unit, from the public menu's shapes.
          const publicGroups: PublicOptionGroup[] = gs.map((g) => ({
            ...g,
            preModifiers: [...g.preModifiers],
            options: g.options.map((o) => ({
              id: o.id,
              name: o.name,
              price: { eur: 0, usd: 0 },
              extraPrice: { eur: 0, usd: 0 },
              priceCents: o.priceCents,
              extraPriceCents: o.extraPriceCents,
              available: o.available,
              default: o.isDefault,
              allergens: [],
              traces: [],
            })),
          }));
          const shown = pickedUnitPrice({ name: 'Item', pricing: item }, publicGroups, picks, {
            currency: base,
            exchangeRate: eurToUsd,
          });
          expect(shown.unit).toEqual(dualLine(unit, 1, base, eurToUsd));
        },
      ),
    );
  });

  it('prints options under the item, removals in capitals', () => {
    const check = checkOptionSelection(
      'Burger',
      [
        {
          id: 'c',
          name: 'Cooking',
          min: 1,
          max: 1,
          allowRepeat: false,
          maxPerOption: 1,
          preModifiers: [],
          options: [
            {
              id: 'med',
              name: 'Medium',
              priceCents: 0,
              extraPriceCents: 0,
              available: true,
              isDefault: false,
            },
          ],
        },
        {
          id: 'x',
          name: 'Extras',
          min: 0,
          max: 3,
          allowRepeat: true,
          maxPerOption: 2,
          preModifiers: [],
          options: [
            {
              id: 'bac',
              name: 'Bacon',
              priceCents: 150,
              extraPriceCents: 0,
              available: true,
              isDefault: false,
            },
            {
              id: 'che',
              name: 'Cheese',
              priceCents: 100,
              extraPriceCents: 0,
              available: true,
              isDefault: false,
            },
          ],
        },
        {
          id: 'r',
          name: 'Remove',
          min: 0,
          max: 2,
          allowRepeat: false,
          maxPerOption: 1,
          preModifiers: ['no'],
          options: [
            {
              id: 'oni',
              name: 'Onion',
              priceCents: 0,
              extraPriceCents: 0,
              available: true,
              isDefault: false,
            },
          ],
        },
      ],
      [
        { optionId: 'oni', preModifier: 'no' },
        { optionId: 'che', quantity: 2 },
        { optionId: 'med' },
      ],
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.options.reduce((s, o) => s + o.priceCents, 0)).toBe(200);
    expect(lineLabel({ name: 'Burger', options: check.options })).toBe(
      'Burger (Cooking: Medium; Extras: 2× Cheese; Remove: NO Onion)',
    );
  });
});

describe('the option shapes', () => {
  it('takes options on guest and staff lines, never on an open item', () => {
    const line = { menuItemId: 'a', quantity: 1, options: [{ optionId: 'o', preModifier: 'no' }] };
    expect(placeOrderInputSchema.safeParse({ token: 'QR-T1', items: [line] }).success).toBe(true);
    expect(
      placeOrderInputSchema.safeParse({
        token: 'QR-T1',
        items: [{ ...line, options: [{ optionId: 'o', preModifier: 'double' }] }],
      }).success,
    ).toBe(false);
    expect(staffOrderLineInputSchema.safeParse(line).success).toBe(true);
    expect(
      staffOrderLineInputSchema.safeParse({
        openItem: { name: 'Fish', priceCents: 100, station: 'kitchen' },
        quantity: 1,
        options: [],
      }).success,
    ).toBe(false);
  });

  it('checks a group as the manager writes it', () => {
    const ok = optionGroupInputSchema.safeParse({
      name: 'Extras',
      max: 3,
      options: [
        { name: 'Bacon', priceCents: 150 },
        { name: 'Cheese', priceCents: 100 },
      ],
    });
    expect(ok.success && ok.data).toMatchObject({ min: 0, allowRepeat: false, preModifiers: [] });
    const bad = (body: object) => optionGroupInputSchema.safeParse(body).success;
    expect(bad({ name: 'X', min: 2, max: 1, options: [{ name: 'a' }, { name: 'b' }] })).toBe(false);
    expect(bad({ name: 'X', min: 2, max: 2, options: [{ name: 'a' }] })).toBe(false);
    expect(bad({ name: 'X', options: [] })).toBe(false);
    expect(bad({ name: 'X', options: [{ name: 'a' }, { name: 'A' }] })).toBe(false);
    expect(
      bad({
        name: 'X',
        max: 1,
        options: [
          { name: 'a', default: true },
          { name: 'b', default: true },
        ],
      }),
    ).toBe(false);
    expect(bad({ name: 'X', preModifiers: ['no'], options: [{ name: 'a', default: true }] })).toBe(
      false,
    );
    expect(bad({ name: 'X', options: [{ name: 'a', priceCents: 1.5 }] })).toBe(false);
    expect(bad({ name: 'X', options: [{ name: 'a', priceCents: -250 }] })).toBe(true);
  });
});
