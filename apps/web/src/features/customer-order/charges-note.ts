import type { PublicMenu } from '@tavola/contract';

/** What the bill adds to the menu's prices, in a sentence or two for the guest (null: nothing). */
export function chargesNote({
  taxRate,
  serviceCharge,
  pricesIncludeTax,
}: PublicMenu['restaurant']['charges']): string | null {
  const said: string[] = [];
  if (pricesIncludeTax && taxRate > 0) said.push(`Prices include ${taxRate}% tax.`);
  const added = [
    !pricesIncludeTax && taxRate > 0 ? `${taxRate}% tax` : '',
    serviceCharge > 0 ? `a ${serviceCharge}% service charge` : '',
  ].filter(Boolean);
  if (added.length) {
    const what = added.join(' and ');
    said.push(
      `${what.charAt(0).toUpperCase()}${what.slice(1)} ${added.length > 1 ? 'are' : 'is'} added to the bill.`,
    );
  }
  return said.join(' ') || null;
}
