import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Every such section is below the hero: the browser lays it out and paints it only as it comes
 * near the screen (`content-visibility: auto`, with a guessed height until then, remembered once
 * seen), so a phone's first layout is the hero's, not the whole page's.
 */
const OFFSCREEN = 'scroll-mt-28 [contain-intrinsic-size:auto_900px] [content-visibility:auto]';

/**
 * A titled section the header's anchors can land on. A `band` runs the white background across the
 * full width with the content kept to the page's column; otherwise the section is the column.
 */
export function LandingSection({
  id,
  titleId,
  title,
  band = false,
  children,
}: {
  id: string;
  titleId: string;
  title: string;
  band?: boolean;
  children: ReactNode;
}) {
  const content = (
    <>
      <h2 id={titleId} className="text-3xl font-black">
        {title}
      </h2>
      {children}
    </>
  );
  return band ? (
    <section id={id} aria-labelledby={titleId} className={cn(OFFSCREEN, 'bg-white py-16')}>
      <div className="mx-auto max-w-6xl px-4">{content}</div>
    </section>
  ) : (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn(OFFSCREEN, 'mx-auto max-w-6xl px-4 py-16')}
    >
      {content}
    </section>
  );
}
