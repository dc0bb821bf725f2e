import { PARTNERS, PARTNERS_LABEL, PARTNERS_TITLE, STORIES, STORIES_TITLE } from '../content';
import { LandingSection } from './landing-section';

export function StoriesSection() {
  return (
    <LandingSection id="testimonials" titleId="stories-title" title={STORIES_TITLE} band>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {STORIES.map(([quote, name, role]) => (
          <figure key={name} className="rounded-2xl border border-stone-200 p-5">
            <blockquote className="text-stone-800">“{quote}”</blockquote>
            <figcaption className="mt-3 text-sm">
              <span className="font-semibold">{name}</span>,{' '}
              <span className="text-stone-600">{role}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="mt-12">
        <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
          {PARTNERS_TITLE}
        </h3>
        <ul
          className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-lg font-bold text-stone-700"
          aria-label={PARTNERS_LABEL}
        >
          {PARTNERS.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    </LandingSection>
  );
}
