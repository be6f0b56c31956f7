import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** Align the text with a centred reading column, as on the legal pages. */
  narrow?: boolean;
}

/** The dark band at the top of every inner page, holding its h1. */
export function PageHero({ eyebrow, title, lead, children, narrow = false }: PageHeroProps) {
  return (
    <section className="on-dark relative isolate overflow-hidden bg-ink text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-brand-700),transparent_65%),radial-gradient(40rem_24rem_at_0%_120%,color-mix(in_oklch,var(--color-accent-400)_35%,transparent),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent)] bg-[size:48px_48px]"
      />
      <div className="container-page py-16 sm:py-20 lg:py-24">
        <div className={narrow ? 'mx-auto max-w-3xl' : undefined}>
          {eyebrow && (
            <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">{eyebrow}</p>
          )}
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
          {lead && <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-200">{lead}</p>}
          {children}
        </div>
      </div>
    </section>
  );
}
