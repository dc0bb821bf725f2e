import { formatDate } from '@tavola/contract';
import { formatMoney } from '@/lib/format';

/** Platform billing is in euro cents; shown as euros. */
export const euros = (cents: number) => formatMoney(cents / 100, 'eur');

/** A plan's price and period as its card says it: 'EUR 0 · 14-day trial', '€199.00 / month'. */
export function planPrice(plan: {
  priceCents: number;
  period: 'trial' | 'month' | 'year';
  trialDays: number | null;
}): string {
  if (plan.period === 'trial')
    return `${euros(plan.priceCents)} · ${plan.trialDays ?? 14}-day trial`;
  return `${euros(plan.priceCents)} / ${plan.period}`;
}

const day = (at: Date) => formatDate(at, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A stretch of the month in UTC days: '1 Nov – 11 Nov'. */
export function stretch(from: string, to: string): string {
  // `to` is exclusive: the stretch ends on the day before when it ends at midnight.
  const end = new Date(new Date(to).getTime() - 1);
  return `${day(new Date(from))} – ${day(end)}`;
}
