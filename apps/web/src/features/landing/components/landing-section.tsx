import type { ReactNode } from 'react';

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
    <section id={id} aria-labelledby={titleId} className="scroll-mt-28 bg-white py-16">
      <div className="mx-auto max-w-6xl px-4">{content}</div>
    </section>
  ) : (
    <section
      id={id}
      aria-labelledby={titleId}
      className="mx-auto max-w-6xl scroll-mt-28 px-4 py-16"
    >
      {content}
    </section>
  );
}
