import { photoPath, photoSrcSet } from '../../../common/site-content/photos';
import type { PersonContent } from '../../../common/site-content/site-content';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The side of the card's round portrait, in CSS pixels (Tailwind's size-36). */
const PORTRAIT_SIZE = 144;

/**
 * A person's photo in the initials' circle: every stored width offered (the browser picks by the screen's
 * density), its size given so the page does not move as it loads, loaded only when near the screen.
 */
function Portrait({ photo }: { photo: NonNullable<PersonContent['photo']> }) {
  return (
    <img
      src={photoPath(photo.id, 320)}
      srcSet={photoSrcSet(photo.id)}
      sizes={`${PORTRAIT_SIZE}px`}
      width={PORTRAIT_SIZE}
      height={PORTRAIT_SIZE}
      loading="lazy"
      decoding="async"
      alt={photo.description}
      className="size-36 rounded-full bg-white/10 object-cover ring-4 ring-white/20"
    />
  );
}

/**
 * One person's card: their photo (or initials), name, role, bio and areas of expertise. The first keeps
 * the id the page has always had; the others follow it, each spaced from the one before.
 */
export function LeaderCard({ person: leader, index }: { person: PersonContent; index: number }) {
  const nameId = index === 0 ? 'leader-name' : `leader-name-${index + 1}`;
  return (
    <article
      aria-labelledby={nameId}
      className={`${index === 0 ? '' : 'mt-8 '}grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 md:grid-cols-[18rem_1fr]`}
    >
      <div className="on-dark flex items-center justify-center bg-gradient-to-br from-brand-700 to-ink p-10">
        {leader.photo ? (
          <Portrait photo={leader.photo} />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-36 items-center justify-center rounded-full bg-white/10 text-5xl font-bold tracking-tight text-white ring-4 ring-white/20"
          >
            {initials(leader.name)}
          </span>
        )}
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
