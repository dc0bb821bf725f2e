import type { PublicMenu } from '@tavola/contract';
import { t } from './messages';

/** What the bill adds to the menu's prices, in a sentence or two for the guest (null: nothing). */
export function chargesNote({
  taxRate,
  serviceCharge,
  pricesIncludeTax,
}: PublicMenu['restaurant']['charges']): string | null {
  const said: string[] = [];
  const params = { tax: taxRate, service: serviceCharge };
  if (pricesIncludeTax && taxRate > 0) said.push(t('pricesIncludeTax', params));
  const taxAdded = !pricesIncludeTax && taxRate > 0;
  if (taxAdded && serviceCharge > 0) said.push(t('taxAndServiceAdded', params));
  else if (taxAdded) said.push(t('taxAdded', params));
  else if (serviceCharge > 0) said.push(t('serviceAdded', params));
  return said.join(' ') || null;
}
