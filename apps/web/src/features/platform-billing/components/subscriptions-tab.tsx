import { planById, type InvoicePreview, type PlanCard } from '@tavola/contract';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { useSubscriptions } from '../api/get-subscriptions';
import { euros, planPrice, stretch } from './money';
import { PlanChangeDialog } from './plan-change-dialog';

const monthName = (label: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${label}-01T00:00:00Z`),
  );

function PlanCardView({ plan }: { plan: PlanCard }) {
  return (
    <article
      aria-label={plan.name}
      className="flex flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h3 className="text-lg font-semibold text-stone-900">{plan.name}</h3>
      <p className="text-2xl font-bold text-brand-800 tabular-nums">{planPrice(plan)}</p>
      <ul className="my-3 flex-1 list-inside list-disc text-sm text-stone-700">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-2 border-t border-stone-100 pt-3 text-sm">
        <div>
          <dt className="text-stone-600">Customers</dt>
          <dd className="text-xl font-bold tabular-nums">{plan.customers}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Revenue this month</dt>
          <dd className="text-xl font-bold tabular-nums">{euros(plan.revenueCents)}</dd>
        </div>
      </dl>
    </article>
  );
}

const STATUS_TONE = { active: 'green', trial: 'blue', suspended: 'red' } as const;

function InvoiceRow({
  invoice,
  onChangePlan,
}: {
  invoice: InvoicePreview;
  onChangePlan: () => void;
}) {
  const extra = invoice.lines.filter((l) => l.extraTables > 0);
  return (
    <tr className="border-t border-stone-100 align-top">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {invoice.name}
        <Badge tone={STATUS_TONE[invoice.status]} className="ml-2">
          {invoice.status}
        </Badge>
      </th>
      <td className="py-2 pr-3">
        <span className="font-medium tabular-nums">{euros(invoice.planCents)}</span>
        <ul className="text-xs text-stone-600">
          {invoice.lines.map((l) => (
            <li key={l.from}>
              {planById(l.plan).name}, {stretch(l.from, l.to)}: {euros(l.planCents)}
            </li>
          ))}
        </ul>
      </td>
      <td className="py-2 pr-3">
        <span className="tabular-nums">{euros(invoice.extraTablesCents)}</span>
        {extra.length > 0 && (
          <ul className="text-xs text-stone-600">
            {extra.map((l) => (
              <li key={l.from}>
                {l.extraTables} × {euros(l.extraTableUnitCents)}, {stretch(l.from, l.to)}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="py-2 pr-3 tabular-nums">
        {formatMoney(invoice.payments.cents / 100, invoice.payments.currency)}
        {invoice.payments.currency !== 'eur' && (
          <span className="block text-xs text-stone-600">= {euros(invoice.paymentsEurCents)}</span>
        )}
      </td>
      <td className="py-2 pr-3 tabular-nums">{euros(invoice.feeCents)}</td>
      <td className="py-2 pr-3 font-semibold tabular-nums">{euros(invoice.totalCents)}</td>
      <td className="py-2">
        <Button
          size="sm"
          variant="outline"
          onClick={onChangePlan}
          aria-label={`Change plan of ${invoice.name}`}
        >
          Change plan
        </Button>
      </td>
    </tr>
  );
}

/**
 * The team's Subscriptions tab (spec §2): the three plan cards from the contract's plans with
 * their real customers and this month's revenue, and each restaurant's invoice preview.
 */
export default function SubscriptionsTab() {
  const { data, isPending, isError, error } = useSubscriptions();
  const [changing, setChanging] = useState<InvoicePreview | null>(null);
  if (isError) return <Alert tone="error">{error.message}</Alert>;
  if (isPending) return <div className="h-64 animate-pulse rounded-xl bg-stone-200" aria-busy />;
  return (
    <div className="space-y-6">
      <section aria-label="Subscription plans" className="grid gap-4 md:grid-cols-3">
        {data.plans.map((p) => (
          <PlanCardView key={p.id} plan={p} />
        ))}
      </section>
      <section aria-labelledby="invoices-heading" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="invoices-heading" className="font-semibold text-stone-900">
          Invoice previews, {monthName(data.month)}
        </h2>
        <p className="mb-3 text-sm text-stone-600">
          Each restaurant&apos;s invoice for this month (UTC): the plan pro-rated over the days it
          was in force, to the month&apos;s end; extra tables at the plan&apos;s price; and the 1.9%
          transaction fee on the month&apos;s payments so far.
          {data.total > data.invoices.length &&
            ` Showing the ${data.invoices.length} highest of ${data.total}.`}
        </p>
        {data.invoices.length === 0 ? (
          <p className="text-stone-600">No restaurants yet.</p>
        ) : (
          // relative: the sr-only header text is positioned inside the scroller, not the page.
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[48rem] text-sm">
              <thead>
                <tr className="text-left text-stone-600">
                  <th scope="col" className="pb-2">
                    Restaurant
                  </th>
                  <th scope="col" className="pb-2">
                    Plan
                  </th>
                  <th scope="col" className="pb-2">
                    Extra tables
                  </th>
                  <th scope="col" className="pb-2">
                    Payments
                  </th>
                  <th scope="col" className="pb-2">
                    Fee (1.9%)
                  </th>
                  <th scope="col" className="pb-2">
                    Total
                  </th>
                  <th scope="col" className="pb-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.invoices.map((i) => (
                  <InvoiceRow
                    key={i.restaurantId}
                    invoice={i}
                    onChangePlan={() => setChanging(i)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {changing && (
        <PlanChangeDialog
          key={changing.restaurantId}
          restaurant={changing}
          open
          onOpenChange={(open) => !open && setChanging(null)}
        />
      )}
    </div>
  );
}
