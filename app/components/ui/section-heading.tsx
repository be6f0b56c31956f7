import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'left' | 'center';
}

/** An h2 with an optional eyebrow above and lead paragraph below. */
export function SectionHeading({ id, eyebrow, title, lead, align = 'left' }: SectionHeadingProps) {
  const centered = align === 'center' ? 'mx-auto text-center' : '';
  return (
    <div className={`max-w-2xl ${centered}`}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg leading-8 text-slate-600">{lead}</p>}
    </div>
  );
}
