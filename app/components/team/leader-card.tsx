import type { PersonContent } from '../../../common/site-content/site-content';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/**
 * One person's card: name, role, bio and areas of expertise. The first keeps the id the page has always
 * had; the others follow it, each spaced from the one before.
 */
export function LeaderCard({ person: leader, index }: { person: PersonContent; index: number }) {
  const nameId = index === 0 ? 'leader-name' : `leader-name-${index + 1}`;
  return (
    <article
      aria-labelledby={nameId}
      className={`${index === 0 ? '' : 'mt-8 '}grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 md:grid-cols-[18rem_1fr]`}
    >
      <div className="on-dark flex items-center justify-center bg-gradient-to-br from-brand-700 to-ink p-10">
        <span
          aria-hidden="true"
          className="flex size-36 items-center justify-center rounded-full bg-white/10 text-5xl font-bold tracking-tight text-white ring-4 ring-white/20"
        >
          {initials(leader.name)}
        </span>
      </div>
      <div className="p-7 sm:p-10">
        <h3 id={nameId} className="text-2xl font-bold">
          {leader.name}
        </h3>
        <p className="mt-1 font-semibold text-brand-700">{leader.role}</p>
        <div className="mt-5 space-y-4 leading-7 text-slate-600">
          {leader.bio.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <h4 className="mt-7 text-sm font-semibold tracking-wider text-slate-500 uppercase">
          Areas of expertise
        </h4>
        <ul className="mt-3 flex flex-wrap gap-2">
          {leader.expertise.map((area) => (
            <li
              key={area}
              className="rounded-full bg-brand-50 px-3.5 py-1.5 text-sm font-medium text-brand-800 ring-1 ring-brand-100"
            >
              {area}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
