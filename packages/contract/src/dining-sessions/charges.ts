import type { Currency } from '../common/constants.js';
import { billUnitCents, centsToAmount, type DualCents, dualLine } from '../common/money.js';
import type { BillLineInput } from './bill.js';

/**
 * Tax and service charge on a bill: the one rule.
 *
 * What the restaurant's settings charge, frozen on each order when it is placed (a later change
 * of settings never reprices an order or a paid bill):
 * - the tax rate and the service charge, in basis points (850 = 8.5%);
 * - whether menu prices include tax (EU habit and law for consumer prices: VAT is within the
 *   price on the menu) or exclude it (US habit: sales tax is added at the till).
 *
 * Every amount of a bill is split into four parts, in cents:
 * - net: the goods, without tax and without service charge;
 * - service: the service charge, without tax;
 * - tax: the tax on net + service (a mandatory service charge is part of what is sold: VAT is
 *   due on it in the EU, and US states tax mandatory service charges too);
 * - total: what the guest pays, always exactly net + service + tax.
 *
 * The service charge is a percentage of the goods, and the tax of goods and service:
 * - prices exclude tax: net = the menu prices; service = net × service charge; tax = (net +
 *   service) × tax rate; total = net + service + tax.
 * - prices include tax: the guest pays the menu prices plus the service charge on them (total =
 *   menu prices × (1 + service charge)); the tax within that total is total × rate / (1 + rate);
 *   what is left splits into net and service in the service charge's proportion (service = net ×
 *   service charge, as above). With no service charge the total is exactly the menu prices.
 *
 * Rounding, the one rule: PER LINE, each part to the cent, half away from zero, in the order
 * above (a line is an order line: unit price × quantity). An order's, a bill's, a day's or any
 * report's parts are the sums of their lines' parts, so every grouping (a bill, an order, a day,
 * an item, a tax rate, an end-of-day report, an accounting journal) adds up to the cent without
 * ever being rounded again, and the parts of any sum add up to its total. Rounding per line is
 * what UK HMRC allows for VAT invoices (line or invoice level) and what many EU tills do; a US
 * check that rounds sales tax once on its subtotal can differ from it by a cent every few lines,
 * which is why the rule is written down here and used for every screen, payment and report.
 *
 * In two currencies, each line is first priced in that currency by the bill's currency rule
 * (`dualLine`: the unit converted and rounded, times the quantity) and then split by this rule:
 * the parts in each currency add up to that currency's total, and in the restaurant's own
 * currency they are exactly what the order stores.
 *
 * A discount (or a comp) takes cents off a line at menu prices, before this rule: the line's
 * parts are `lineParts` of what is left, so the tax is on the discounted amount and the service
 * charge on the discounted subtotal. A discount is kept in the restaurant's currency; in the
 * other one it is the same share of that line there (`discountIn`: the line in that currency ×
 * discount ÷ the line in the restaurant's currency, rounded half away from zero), so a comp is
 * the whole line in both and no line ever goes below zero in either.
 */
export interface ChargeRates {
  taxRateBps: number;
  serviceChargeBps: number;
  pricesIncludeTax: boolean;
}

/** A bill's (an order's, a line's, a report's) four parts, in cents: net + service + tax = total. */
export interface BillParts {
  net: number;
  service: number;
  tax: number;
  total: number;
}

export const NO_CHARGES: ChargeRates = {
  taxRateBps: 0,
  serviceChargeBps: 0,
  pricesIncludeTax: true,
};

export const ZERO_PARTS: BillParts = { net: 0, service: 0, tax: 0, total: 0 };

/** round(a × num / den), half away from zero, exactly (integers; no floating point). */
export function mulDivRound(a: number, num: number, den: number): number {
  const product = BigInt(a) * BigInt(num);
  const d = BigInt(den);
  const magnitude = product < 0n ? -product : product;
  const q = (2n * magnitude + d) / (2n * d);
  return Number(product < 0n ? -q : q);
}

const BPS = 10_000;

/** One line's parts: `cents` is the line at menu prices (unit × quantity). */
export function lineParts(cents: number, rates: ChargeRates): BillParts {
  const s = rates.serviceChargeBps;
  const t = rates.taxRateBps;
  if (!rates.pricesIncludeTax) {
    const service = mulDivRound(cents, s, BPS);
    const tax = mulDivRound(cents + service, t, BPS);
    return { net: cents, service, tax, total: cents + service + tax };
  }
  const total = cents + mulDivRound(cents, s, BPS);
  const tax = mulDivRound(total, t, BPS + t);
  const service = mulDivRound(total - tax, s, BPS + s);
  return { net: total - tax - service, service, tax, total };
}

export function addParts(a: BillParts, b: BillParts): BillParts {
  return {
    net: a.net + b.net,
    service: a.service + b.service,
    tax: a.tax + b.tax,
    total: a.total + b.total,
  };
}

export function sumParts(parts: readonly BillParts[]): BillParts {
  return parts.reduce(addParts, ZERO_PARTS);
}

/** What the parts add to the menu prices (`menuCents`): the service charge, and tax when prices exclude it. */
export const surchargeOf = (parts: BillParts, menuCents: number): number => parts.total - menuCents;

/** An order's parts in the restaurant's currency: the sum of its lines' (`lineParts`), each after its discount. */
export function orderParts(lines: readonly BillLineInput[], rates: ChargeRates): BillParts {
  return sumParts(
    lines.map((l) => lineParts(l.unitCents * l.quantity - (l.discountCents ?? 0), rates)),
  );
}

/**
 * A line's discount in another currency: `discountCents` is what it takes off the line in the
 * restaurant's currency (`lineBaseCents` there), `lineCents` the line in the other currency. The
 * same share of the line, rounded half away from zero; in the restaurant's own currency it is
 * the discount itself. Never more than the line, never below zero.
 */
export function discountIn(
  lineCents: number,
  discountCents: number,
  lineBaseCents: number,
): number {
  if (discountCents <= 0 || lineBaseCents <= 0) return 0;
  if (discountCents >= lineBaseCents) return lineCents;
  return mulDivRound(lineCents, discountCents, lineBaseCents);
}

/** A line in both currencies: at menu prices (`gross`), its discount, and what it charges. */
export interface DualLineAmounts {
  gross: DualCents;
  discount: DualCents;
  charged: DualCents;
}

/** A line (unit × quantity, less its discount in the restaurant's currency) in both currencies. */
export function dualLineAmounts(
  line: BillLineInput,
  base: Currency,
  eurToUsd: number,
): DualLineAmounts {
  const gross = dualLine(line.unitCents, line.quantity, base, eurToUsd);
  const d = line.discountCents ?? 0;
  const discount = {
    eur: discountIn(gross.eur, d, gross[base]),
    usd: discountIn(gross.usd, d, gross[base]),
  };
  return {
    gross,
    discount,
    charged: { eur: gross.eur - discount.eur, usd: gross.usd - discount.usd },
  };
}

/** What `priceLine` needs of a menu item: its price, in its own currency. */
export interface PricedItem {
  priceCents: number;
  currency: Currency;
}

/** What `priceLine` needs of a chosen option: how much it changes the item's price, in the item's currency. */
export interface PricedOption {
  priceCents: number;
}

/**
 * A line's unit price in `currency` (the order's, in minor units), extras included: the item's
 * price plus its chosen options' price changes, in the item's own currency, then converted at
 * `eurToUsd` and rounded once, by the bill's currency rule (`dualLine`: convert the unit, round,
 * then multiply by the quantity). The line is always this unit × its quantity, and its parts are
 * `lineParts` of that, as `orderParts` adds them. An option may lower the price, never below zero.
 */
export function priceLine(
  item: PricedItem,
  options: readonly PricedOption[],
  currency: Currency,
  eurToUsd: number,
): number {
  const own = options.reduce((sum, o) => sum + o.priceCents, item.priceCents);
  return billUnitCents(Math.max(0, own), item.currency, currency, eurToUsd);
}

/** A bill's parts in both currencies. */
export interface DualParts {
  eur: BillParts;
  usd: BillParts;
}

export const ZERO_DUAL_PARTS: DualParts = { eur: ZERO_PARTS, usd: ZERO_PARTS };

export function addDualParts(a: DualParts, b: DualParts): DualParts {
  return { eur: addParts(a.eur, b.eur), usd: addParts(a.usd, b.usd) };
}

/**
 * An order's parts in both currencies: each line priced in each currency (`dualLine`), less its
 * discount there (`discountIn`), then split.
 */
export function dualOrderParts(
  lines: readonly BillLineInput[],
  rates: ChargeRates,
  base: Currency,
  eurToUsd: number,
): DualParts {
  return lines.reduce<DualParts>((sum, l) => {
    const { charged } = dualLineAmounts(l, base, eurToUsd);
    return addDualParts(sum, {
      eur: lineParts(charged.eur, rates),
      usd: lineParts(charged.usd, rates),
    });
  }, ZERO_DUAL_PARTS);
}

/** A percentage as typed (8.5) to basis points (850), and back. */
export const percentToBps = (percent: number): number => Math.round(percent * 100);
export const bpsToPercent = (bps: number): number => bps / 100;

/**
 * Whether a new restaurant's menu prices include tax: EUR restaurants yes (EU consumer prices
 * include VAT), USD restaurants no (US menus are before sales tax). Editable in the settings.
 */
export const pricesIncludeTaxByDefault = (currency: Currency): boolean => currency === 'eur';

/** Parts in cents to amounts (12.5 for 1250), as screens and reports show them. */
export function partsAmount(parts: BillParts): BillParts {
  return {
    net: centsToAmount(parts.net),
    service: centsToAmount(parts.service),
    tax: centsToAmount(parts.tax),
    total: centsToAmount(parts.total),
  };
}

export function dualPartsAmount(parts: DualParts): DualParts {
  return { eur: partsAmount(parts.eur), usd: partsAmount(parts.usd) };
}

/** How a bill is charged, as its labels say it: percentages, and whether prices include tax. */
export interface BillCharges {
  /** Percent (8.5); null when the bill's orders were placed at different rates. */
  taxRate: number | null;
  serviceCharge: number | null;
  pricesIncludeTax: boolean | null;
}

/**
 * The charges a bill's labels name: its orders' when they agree, the restaurant's current ones
 * when it has no order yet, and null for what differs (settings changed during the meal).
 */
export function billCharges(orders: readonly ChargeRates[], current: ChargeRates): BillCharges {
  const all = orders.length ? orders : [current];
  const same = <K extends keyof ChargeRates>(k: K) =>
    all.every((r) => r[k] === all[0]![k]) ? all[0]![k] : null;
  const tax = same('taxRateBps');
  const service = same('serviceChargeBps');
  return {
    taxRate: tax === null ? null : bpsToPercent(tax),
    serviceCharge: service === null ? null : bpsToPercent(service),
    pricesIncludeTax: same('pricesIncludeTax'),
  };
}
