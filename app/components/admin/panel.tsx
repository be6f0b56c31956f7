import { type ReactNode, useId } from 'react';

/**
 * A titled white card of an inbox page (Account's "Sign out", Settings' sections): a section named by
 * its heading, so screen readers list it among the page's landmarks.
 */
export function Panel({
  title,
  className = 'mt-8',
  children,
}: {
  title: ReactNode;
  /** The margin above it, as the page spaces its parts. */
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`${className} rounded-xl border border-slate-200 bg-white p-5 sm:p-6`}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
