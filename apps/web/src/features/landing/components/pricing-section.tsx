import { PLANS } from '@tavola/contract';
import { HIGHLIGHTED_PLAN, PRICING_FEE, PRICING_TITLE } from '../content';
import { LandingSection } from './landing-section';
import { PriceCard } from './price-card';

export function PricingSection() {
  return (
    <LandingSection id="pricing" titleId="pricing-title" title={PRICING_TITLE}>
      <p className="mt-2 text-stone-700">{PRICING_FEE}</p>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PriceCard key={plan.id} plan={plan} highlighted={plan.id === HIGHLIGHTED_PLAN} />
        ))}
      </div>
    </LandingSection>
  );
}
