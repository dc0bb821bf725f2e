import type { Plan } from '@tavola/contract';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import {
  choosePlan,
  FEE_LINE,
  PER_MONTH,
  PER_YEAR,
  planPrice,
  saves,
  STAFF_LOGIN_HREF,
  trialPeriod,
} from '../content';

export function PriceCard({ plan, highlighted }: { plan: Plan; highlighted: boolean }) {
  const period =
    plan.period === 'month'
      ? PER_MONTH
      : plan.period === 'year'
        ? PER_YEAR
        : trialPeriod(plan.trialDays);
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cn(
        'flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        highlighted ? 'border-brand-700 ring-2 ring-brand-700' : 'border-stone-200',
      )}
    >
      <h3 id={`plan-${plan.id}`} className="text-xl font-bold">
        {plan.name}
      </h3>
      <p className="mt-2">
        <span className="text-3xl font-black" data-testid={`price-${plan.id}`}>
          {planPrice(plan.priceCents)}
        </span>{' '}
        <span className="text-stone-600">{period}</span>
      </p>
      {plan.savingsCents ? (
        <p className="text-sm font-semibold text-green-700">
          {saves(planPrice(plan.savingsCents))}
        </p>
      ) : null}
      <ul className="my-4 flex-1 space-y-2 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" /> {f}
          </li>
        ))}
        <li className="flex gap-2 text-stone-600">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" /> {FEE_LINE}
        </li>
      </ul>
      <Link
        to={STAFF_LOGIN_HREF}
        className={cn(
          'inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold',
          highlighted
            ? 'bg-brand-700 text-white hover:bg-brand-800'
            : 'border border-stone-300 hover:bg-stone-100',
        )}
      >
        {choosePlan(plan.name)}
      </Link>
    </article>
  );
}
