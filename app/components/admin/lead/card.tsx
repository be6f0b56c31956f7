import { type ReactNode, useId } from 'react';

/** A titled card of the lead page. */
export function Card({
  title,
  children,
  className = '',
  border = 'border-slate-200',
}: {
  title: string;
  children: ReactNode;
  className?: string;
  border?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-xl border bg-white p-5 sm:p-6 ${border} ${className}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
