import { formatDate, type InvoicePreview, planById, type PlanCard } from '@tavola/contract';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatMoney } from '@/lib/format';
import { useSubscriptions } from '../api/get-subscriptions';
import { euros, planPrice, stretch } from './money';
import { PlanChangeDialog } from './plan-change-dialog';

const monthName = (label: string) =>
  formatDate(`${label}-01T00:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });

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

/** The invoice preview's columns: each restaurant's plan, extras, payments, fee and total. */
function invoiceColumns(onChangePlan: (invoice: InvoicePreview) => void): Column<InvoicePreview>[] {
  return [
    {
      key: 'restaurant',
      header: 'Restaurant',
      rowHeader: true,
      cell: (invoice) => (
        <>
          {invoice.name}
          <Badge tone={STATUS_TONE[invoice.status]} className="ml-2">
            {invoice.status}
          </Badge>
        </>
      ),
    },
    {
      key: 'plan',
      header: 'Plan',
      cell: (invoice) => (
        <>
          <span className="font-medium tabular-nums">{euros(invoice.planCents)}</span>
          <ul className="text-xs text-stone-600">
            {invoice.lines.map((l) => (
              <li key={l.from}>
                {planById(l.plan).name}, {stretch(l.from, l.to)}: {euros(l.planCents)}
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      key: 'extra',
      header: 'Extra tables',
      cell: (invoice) => {
        const extra = invoice.lines.filter((l) => l.extraTables > 0);
        return (
          <>
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
          </>
        );
      },
    },
    {
      key: 'payments',
      header: 'Payments',
      className: 'tabular-nums',
      cell: (invoice) => (
        <>
          {formatMoney(invoice.payments.cents / 100, invoice.payments.currency)}
          {invoice.payments.currency !== 'eur' && (
            <span className="block text-xs text-stone-600">
              = {euros(invoice.paymentsEurCents)}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'fee',
      header: 'Fee (1.9%)',
      className: 'tabular-nums',
      cell: (invoice) => euros(invoice.feeCents),
    },
    {
      key: 'total',
      header: 'Total',
      className: 'font-semibold tabular-nums',
      cell: (invoice) => euros(invoice.totalCents),
    },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      cell: (invoice) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onChangePlan(invoice)}
          aria-label={`Change plan of ${invoice.name}`}
        >
          Change plan
        </Button>
      ),
    },
  ];
}

/**
 * The team's Subscriptions tab: the three plan cards from the contract's plans with
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
          <DataTable
            bare
            columns={invoiceColumns(setChanging)}
            rows={data.invoices}
            rowKey={(i) => i.restaurantId}
            rowClassName={() => 'align-top'}
            minWidth="min-w-[48rem]"
            empty="No restaurants yet."
          />
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
