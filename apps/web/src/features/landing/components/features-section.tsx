import { FEATURES, FEATURES_TITLE } from '../content';
import { LandingSection } from './landing-section';

export function FeaturesSection() {
  return (
    <LandingSection id="features" titleId="features-title" title={FEATURES_TITLE} band>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(([Icon, title, text]) => (
          <article key={title} className="rounded-2xl border border-stone-200 p-5">
            <Icon aria-hidden className="size-8 text-brand-700" />
            <h3 className="mt-3 text-lg font-bold">{title}</h3>
            <p className="mt-1 text-sm text-stone-700">{text}</p>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}
