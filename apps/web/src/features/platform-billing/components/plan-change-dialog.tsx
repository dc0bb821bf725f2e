import { PLANS, type PlanId } from '@tavola/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormAlert, FormSubmit } from '@/components/ui/form';
import { useChangeRestaurantPlan } from '../api/change-restaurant-plan';
import { planPrice } from './money';

/**
 * The team moves a restaurant to another plan. The server decides: a downgrade that the
 * restaurant's usage exceeds is refused with the list of what to remove, shown here as it comes.
 */
export function PlanChangeDialog({
  restaurant,
  open,
  onOpenChange,
}: {
  restaurant: { restaurantId: string; name: string; plan: PlanId };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [plan, setPlan] = useState<PlanId>(restaurant.plan);
  const change = useChangeRestaurantPlan();
  const close = (next: boolean) => {
    if (!next) setPlan(restaurant.plan);
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Change plan: ${restaurant.name}`}
      description="Upgrades take effect at once; a downgrade must fit what the restaurant uses. This month's invoice is pro-rated."
    >
      <Form
        onSubmit={() => change.mutateAsync({ restaurantId: restaurant.restaurantId, plan })}
        success={(result) => ({
          title: 'Plan changed',
          description: `${result.name} is now on ${PLANS.find((p) => p.id === result.plan)?.name}`,
        })}
        onSaved={() => close(false)}
      >
        <fieldset className="space-y-2">
          <legend className="sr-only">Plan</legend>
          {PLANS.map((p) => (
            <label
              key={p.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="plan"
                value={p.id}
                checked={plan === p.id}
                onChange={() => setPlan(p.id)}
              />
              <span className="flex-1">
                <span className="font-semibold">{p.name}</span>
                {p.id === restaurant.plan && <span className="text-stone-500"> (current)</span>}
                <span className="block text-sm text-stone-600">
                  {planPrice({ ...p, trialDays: p.trialDays ?? null })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {plan === 'starter' && (
          <p className="mt-2 text-sm text-stone-600">
            Starter Feast starts a new {PLANS[0]?.trialDays ?? 14}-day free trial.
          </p>
        )}
        <FormAlert className="mt-3" />
        <div className="mt-4 flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <FormSubmit
            disabled={plan === restaurant.plan && plan !== 'starter'}
            pendingText="Saving..."
          >
            Save plan
          </FormSubmit>
        </div>
      </Form>
    </Dialog>
  );
}
