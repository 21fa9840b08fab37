import type { ReactNode } from "react";

/** The page's content column: the same width and side padding under the header on every page. */
export const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";
/** A narrower column for prose (a story, questions and answers), so lines stay readable. */
const proseContainer = "mx-auto max-w-4xl px-4 sm:px-6 lg:px-8";

/**
 * The dark blue band that opens a content page; `className` lays out its column. On it the page's
 * blue focus ring would not show (WCAG 2.4.7), e.g. on the h1 after a navigation: it turns white.
 */
export function Hero({ className, children }: { className: string; children: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-slate-900 text-white [&_:focus-visible]:outline-white">
      <div className={`${container} ${className}`}>{children}</div>
    </section>
  );
}

/** A section's title on a content page. */
export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
      {children}
    </h2>
  );
}

/**
 * A section of a content page, named by its heading. A tinted one is a grey band across the whole
 * page with the column inside it; a plain one is the column itself.
 */
export function PageSection({
  headingId,
  title,
  tinted = false,
  prose = false,
  children,
}: {
  headingId: string;
  title: ReactNode;
  tinted?: boolean;
  /** The narrower column, for a tinted section of prose. */
  prose?: boolean;
  children: ReactNode;
}) {
  const heading = <SectionHeading id={headingId}>{title}</SectionHeading>;
  if (!tinted) {
    return (
      <section aria-labelledby={headingId} className={`${container} py-16`}>
        {heading}
        {children}
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="bg-slate-50 py-16">
      <div className={prose ? proseContainer : container}>
        {heading}
        {children}
      </div>
    </section>
  );
}
