import { JOURNEY, JOURNEY_TITLE } from '../content';
import { LandingSection } from './landing-section';

export function JourneySection() {
  return (
    <LandingSection id="details" titleId="journey-title" title={JOURNEY_TITLE} band>
      <ol className="mt-8 grid gap-4 md:grid-cols-4">
        {JOURNEY.map(([Icon, title, text], i) => (
          <li key={title} className="rounded-2xl bg-stone-50 p-5">
            <span className="text-sm font-bold text-brand-700">Step {i + 1}</span>
            <Icon aria-hidden className="mt-2 size-7 text-stone-800" />
            <h3 className="mt-2 font-bold">{title}</h3>
            <p className="text-sm text-stone-700">{text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
