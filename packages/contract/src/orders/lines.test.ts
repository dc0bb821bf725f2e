import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billUnitCents,
  COURSE_MAX,
  derivedLineKey,
  dualLine,
  dualOrderParts,
  dualUnit,
  eventLine,
  lineKeySchema,
  lineLabel,
  lineParts,
  lineSnapshot,
  lineSnapshotSchema,
  OPEN_ITEM_CATEGORY,
  openLineSnapshot,
  orderParts,
  placeOrderInputSchema,
  priceIn,
  priceLine,
  stationFor,
  staffOrderLineInputSchema,
  STATIONS,
  sumParts,
  ticketLine,
  type ChargeRates,
  type LineOption,
} from '../index.js';

const currency = fc.constantFrom('eur' as const, 'usd' as const);
// The rates the settings allow, and the usual ones.
const exchangeRate = fc.oneof(
  fc.constantFrom(1, 1.08, 1.1, 0.92),
  fc.double({ min: 0.01, max: 100, noNaN: true }),
);
// Up to 10,000.00 an item, and options that add up to 50.00 or take off up to 5.00 each.
const item = fc.record({ priceCents: fc.integer({ min: 0, max: 1_000_000 }), currency });
const option: fc.Arbitrary<LineOption> = fc.record({
  groupId: fc.constantFrom('g1', 'g2'),
  group: fc.constantFrom('Milk', 'Size', 'Extras'),
  optionId: fc.constantFrom('o1', 'o2', 'o3'),
  option: fc.constantFrom('Oat', 'Large', 'Cheese', 'None'),
  quantity: fc.integer({ min: 1, max: 3 }),
  preModifier: fc.constantFrom(null, 'no' as const, 'extra' as const),
  priceCents: fc.integer({ min: -500, max: 5_000 }),
});
const options = fc.array(option, { maxLength: 4 });
const quantity = fc.integer({ min: 1, max: 99 });
const rates: fc.Arbitrary<ChargeRates> = fc.record({
  taxRateBps: fc.oneof(fc.constantFrom(0, 850, 1000, 2200), fc.nat(10_000)),
  serviceChargeBps: fc.oneof(fc.constantFrom(0, 1000, 1250), fc.nat(10_000)),
  pricesIncludeTax: fc.boolean(),
});

const own = (i: { priceCents: number }, opts: readonly LineOption[]) =>
  Math.max(
    0,
    opts.reduce((s, o) => s + o.priceCents, i.priceCents),
  );

describe('priceLine: a line’s unit price with its extras, in the order’s currency', () => {
  it('prices by the bill’s one rule: the unit with extras converted and rounded once, in whole minor units', () => {
    fc.assert(
      fc.property(item, options, currency, exchangeRate, (i, opts, target, rate) => {
        const unit = priceLine(i, opts, target, rate);
        expect(Number.isSafeInteger(unit)).toBe(true);
        expect(unit).toBeGreaterThanOrEqual(0);
        // Extras are added in the item's currency before the one conversion.
        expect(unit).toBe(billUnitCents(own(i, opts), i.currency, target, rate));
        expect(unit).toBe(priceLine({ ...i, priceCents: own(i, opts) }, [], target, rate));
        // The menu's and the cart's price of the same unit, to the cent.
        expect(unit).toBe(dualUnit(own(i, opts), i.currency, target, rate)[target]);
        // In the item's own currency nothing is converted: the sum is exact.
        if (i.currency === target) expect(unit).toBe(own(i, opts));
      }),
      { numRuns: 2000 },
    );
  });

  it('makes a line unit × quantity in both currencies, the other one converted from the unit', () => {
    fc.assert(
      fc.property(item, options, quantity, currency, exchangeRate, (i, opts, q, base, rate) => {
        const unit = priceLine(i, opts, base, rate);
        const line = dualLine(unit, q, base, rate);
        expect(line[base]).toBe(unit * q);
        const other = base === 'eur' ? 'usd' : 'eur';
        expect(line[other]).toBe(priceIn(unit, base, other, rate) * q);
        expect(line[other] % q).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with orderParts: an order of priced lines is the sum of its lines’ parts, in whole minor units', () => {
    const priced = fc.array(fc.record({ item, options, quantity }), {
      minLength: 1,
      maxLength: 10,
    });
    fc.assert(
      fc.property(priced, rates, currency, exchangeRate, (lines, r, base, rate) => {
        const billLines = lines.map((l) => ({
          unitCents: priceLine(l.item, l.options, base, rate),
          quantity: l.quantity,
        }));
        const parts = orderParts(billLines, r);
        expect(parts).toEqual(
          sumParts(billLines.map((l) => lineParts(l.unitCents * l.quantity, r))),
        );
        for (const v of Object.values(parts)) expect(Number.isSafeInteger(v)).toBe(true);
        expect(parts.net + parts.service + parts.tax).toBe(parts.total);
        // In the restaurant's currency, the two-currency parts are exactly these.
        expect(dualOrderParts(billLines, r, base, rate)[base]).toEqual(parts);
        if (!r.pricesIncludeTax) {
          expect(parts.net).toBe(billLines.reduce((s, l) => s + l.unitCents * l.quantity, 0));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('prices the documented cases', () => {
    // USD 10.06 in a EUR restaurant at 1.08 bills 9.31 EUR (as the menu shows it).
    expect(priceLine({ priceCents: 1006, currency: 'usd' }, [], 'eur', 1.08)).toBe(931);
    // With oat milk (+0.50 USD) the unit is 10.56 USD, 9.78 EUR: rounded once, not 9.31 + 0.46.
    const oat = { group: 'Milk', option: 'Oat', priceCents: 50 };
    expect(priceLine({ priceCents: 1006, currency: 'usd' }, [oat], 'eur', 1.08)).toBe(978);
    // A discount option never takes the price below zero.
    const none = { group: 'Size', option: 'Taste', priceCents: -500 };
    expect(priceLine({ priceCents: 300, currency: 'eur' }, [none], 'eur', 1.08)).toBe(0);
  });
});

describe('lineSnapshot: the one builder of an order line', () => {
  const menuItem = {
    id: '8c6b3a52-1111-4b44-9a7e-3d0f0b7f9a10',
    name: 'Latte',
    category: 'drinks',
    station: null,
    categoryStation: null,
    priceCents: 350,
    currency: 'eur' as const,
  };

  it('keeps what was ordered, priced by priceLine, routed by stationFor', () => {
    fc.assert(
      fc.property(options, currency, exchangeRate, (opts, base, rate) => {
        const line = lineSnapshot(menuItem, { key: 'a1', options: opts, notes: 'hot' }, base, rate);
        expect(lineSnapshotSchema.parse(line)).toEqual(line);
        expect(line).toMatchObject({
          key: 'a1',
          menuItemId: menuItem.id,
          name: 'Latte',
          category: 'drinks',
          station: stationFor(menuItem),
          options: opts,
          notes: 'hot',
          allergens: [],
        });
        expect(line.unitCents).toBe(priceLine(menuItem, opts, base, rate));
      }),
    );
  });

  it('reads today’s lines as before: no options, no allergens, blank notes as none; a ticket shows the name', () => {
    const line = lineSnapshot(menuItem, { key: derivedLineKey(0), notes: '' }, 'eur', 1.08);
    expect(line).toMatchObject({ key: '#1', options: [], allergens: [], notes: null });
    expect(line.unitCents).toBe(350);
    expect(ticketLine(line, 2)).toEqual({
      name: 'Latte',
      quantity: 2,
      notes: null,
      category: 'drinks',
      seat: null,
      course: null,
    });
    expect(lineLabel({ name: 'Latte', options: [{ group: 'Milk', option: 'Oat' }] })).toBe(
      'Latte (Milk: Oat)',
    );
  });

  it('keeps the seat and course staff gave a line, and shows them on its ticket', () => {
    const line = lineSnapshot(menuItem, { key: 'a', seat: 3, course: 2 }, 'eur', 1.08);
    expect(lineSnapshotSchema.parse(line)).toEqual(line);
    expect(ticketLine(line, 1)).toMatchObject({ seat: 3, course: 2 });
    expect(eventLine(line, 1)).toMatchObject({ seat: 3, course: 2, menuItemId: menuItem.id });
  });

  it('builds an open-priced line from what staff typed: no menu item, its own category, the typed price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom(...STATIONS),
        (priceCents, station) => {
          const line = openLineSnapshot(
            { name: 'Market fish', priceCents, station },
            { key: 'o1', notes: 'grilled', seat: 1 },
          );
          expect(lineSnapshotSchema.parse(line)).toEqual(line);
          expect(line).toMatchObject({
            menuItemId: null,
            name: 'Market fish',
            category: OPEN_ITEM_CATEGORY,
            station,
            unitCents: priceCents,
            options: [],
            notes: 'grilled',
            seat: 1,
            course: null,
          });
        },
      ),
    );
  });

  it('takes a staff line with a menu item or an open item, never both nor neither', () => {
    const id = menuItem.id;
    const open = { name: 'Corkage', priceCents: 1500, station: 'bar' as const };
    const ok = (line: object) => staffOrderLineInputSchema.safeParse(line).success;
    expect(ok({ menuItemId: id, quantity: 1, seat: 2, course: 1 })).toBe(true);
    expect(ok({ openItem: open, quantity: 1 })).toBe(true);
    expect(ok({ menuItemId: id, openItem: open, quantity: 1 })).toBe(false);
    expect(ok({ quantity: 1 })).toBe(false);
    expect(ok({ menuItemId: id, quantity: 1, seat: 0 })).toBe(false);
    expect(ok({ menuItemId: id, quantity: 1, course: COURSE_MAX + 1 })).toBe(false);
    expect(ok({ openItem: { ...open, priceCents: -1 }, quantity: 1 })).toBe(false);
    expect(ok({ openItem: { ...open, priceCents: 1.5 }, quantity: 1 })).toBe(false);
    // Any station's slug is well formed here; the server checks the restaurant has it.
    expect(ok({ openItem: { ...open, station: 'grill' }, quantity: 1 })).toBe(true);
    expect(ok({ openItem: { ...open, station: 'Grill Oven' }, quantity: 1 })).toBe(false);
  });

  it('takes a client’s short key, never a derived one', () => {
    expect(lineKeySchema.safeParse('cart-1_a').success).toBe(true);
    expect(lineKeySchema.safeParse(derivedLineKey(0)).success).toBe(false);
    expect(lineKeySchema.safeParse('x'.repeat(41)).success).toBe(false);
    const two = (a: string, b: string) =>
      placeOrderInputSchema.safeParse({
        token: 'QR-T1',
        items: [
          { menuItemId: menuItem.id, quantity: 1, key: a },
          { menuItemId: menuItem.id, quantity: 1, key: b },
        ],
      }).success;
    expect(two('a', 'b')).toBe(true);
    expect(two('a', 'a')).toBe(false);
  });
});
