import type { Currency } from '@tavola/contract';

const formatters = new Map<string, Intl.NumberFormat>();

/** Spec §9: currency is formatted with an Indian-English locale. */
export function formatMoney(amount: number, currency: Currency | Uppercase<Currency>): string {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-IN', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter.format(amount);
}

/** Sums money amounts without floating-point drift, by working in cents. */
export function sumMoney(amounts: number[]): number {
  return amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
}
