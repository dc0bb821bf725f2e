import { formatDate, isUpgrade, planById, PLANS } from '@tavola/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useRestaurantPlan } from '@/components/plan/restaurant-plan';
import { formatMoney } from '@/lib/format';
import { useRequestUpgrade } from '../api/request-upgrade';
import { t } from '../messages';

const price = (cents: number, period: 'trial' | 'month' | 'year') =>
  t('perPeriod', { amount: formatMoney(cents / 100, 'eur'), period: t(`period_${period}`) });

/**
 * The admin's Plan card: the restaurant's plan, its trial, what it uses, and a request for each
 * bigger plan. A paid plan starts through Tavola billing: the request goes to the team, who set
 * up payment and switch the plan (the card follows live). Smaller plans are the team's too.
 */
export function PlanCard() {
  const { data, isPending, isError, error } = useRestaurantPlan();
  const upgrade = useRequestUpgrade();
  if (isPending) return <div className="h-24 animate-pulse rounded-xl bg-stone-200" />;
  if (isError) return <Alert tone="error">{error.message}</Alert>;
  const plan = planById(data.plan);
  const bigger = PLANS.filter((p) => isUpgrade(data.plan, p.id));
  const onUpgrade = (id: (typeof PLANS)[number]['id']) =>
    upgrade.mutate(
      { plan: id },
      {
        onSuccess: (result) =>
          toast({
            title: t('upgradeRequested'),
            description: t('teamWillContact', { plan: planById(result.plan).name }),
          }),
      },
    );
  const requested = upgrade.data && upgrade.data.plan !== data.plan ? upgrade.data : null;
  return (
    <section
      aria-labelledby="plan-heading"
      className="mb-5 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="plan-heading" className="font-semibold text-stone-900">
          {t('planName', { plan: plan.name })}
        </h2>
        {data.trialEnded ? (
          <Badge tone="red">{t('trialEnded')}</Badge>
        ) : data.status === 'trial' && data.trialEndsAt ? (
          <Badge tone="blue">
            {t('trialUntil', { date: formatDate(data.trialEndsAt, { dateStyle: 'medium' }) })}
          </Badge>
        ) : (
          <Badge tone="green">{data.status === 'suspended' ? t('suspended') : t('active')}</Badge>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {t('tables', { count: data.usage.tables })}
        {data.limits.tables !== null
          ? t('ofLimit', { limit: data.limits.tables })
          : t('included', { count: plan.includedTables })}
        {' · '}
        {t('staffAccounts', { count: data.usage.staff })}
        {data.limits.staff === null ? '' : t('ofLimit', { limit: data.limits.staff })}
        {' · '}
        {t('fee')}
      </p>
      {data.trialEnded && (
        <p className="mt-2 text-sm font-medium text-red-800">{t('guestsCannotOrder')}</p>
      )}
      {bigger.length > 0 && (
        <>
          <p className="mt-2 text-sm text-stone-600">{t('paidPlans')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {bigger.map((p) => (
              <Button
                key={p.id}
                size="sm"
                disabled={upgrade.isPending || requested?.plan === p.id}
                onClick={() => onUpgrade(p.id)}
              >
                {t('requestUpgrade', { plan: p.name, price: price(p.priceCents, p.period) })}
              </Button>
            ))}
          </div>
        </>
      )}
      {requested && (
        <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
          {t(requested.alreadyRequested ? 'alreadyRequested' : 'requested', {
            plan: planById(requested.plan).name,
          })}
        </p>
      )}
      {upgrade.isError && (
        <Alert tone="error" className="mt-3">
          {upgrade.error.message}
        </Alert>
      )}
    </section>
  );
}
