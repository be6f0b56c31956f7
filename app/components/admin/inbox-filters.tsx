import { Link } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import type { LeadView } from '../../../common/lead-domain';
import { queryOf } from './api-input';

export interface Filters {
  /** Only the leads with an answer nobody has opened. */
  newReply?: boolean;
  /** Only the person's own leads. */
  mine?: boolean;
}

/** The inbox's address for a view, a search and the "New reply" and "Mine" filters (the first page). */
export function inboxHref(
  view: LeadView,
  q: string,
  { newReply = false, mine = false }: Filters = {},
): string {
  return `${inboxPaths.leads}${queryOf({
    view: view === 'all' ? undefined : view,
    q,
    newReply: newReply ? '1' : undefined,
    mine: mine ? '1' : undefined,
  })}`;
}

/** The filters as the list endpoint's query takes them. */
export function filterQuery({ newReply, mine }: Filters) {
  return { ...(newReply ? { newReply: '1' as const } : {}), ...(mine ? { mine: '1' as const } : {}) };
}

const chip = (on: boolean) =>
  `inline-flex min-h-9 items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-brand-800 ring-brand-300 hover:bg-brand-50'}`;

/**
 * The list's filters, each a link that turns it on or off: "Mine" (the person's own leads) and, while
 * there are any, "New reply" (the leads with an answer nobody has opened), in the current view and search.
 */
export function FilterLinks({
  view,
  q,
  filters,
  count,
}: {
  view: LeadView;
  q: string;
  filters: Filters;
  count: number;
}) {
  const { newReply = false, mine = false } = filters;
  return (
    <p className="mt-3 flex flex-wrap gap-2">
      <Link
        to={inboxHref(view, q, { newReply, mine: !mine })}
        aria-current={mine ? 'true' : undefined}
        className={chip(mine)}
      >
        {mine ? 'Showing mine only: show everyone’s' : 'Mine'}
      </Link>
      {(newReply || count > 0) && (
        <Link
          to={inboxHref(view, q, { newReply: !newReply, mine })}
          aria-current={newReply ? 'true' : undefined}
          className={chip(newReply)}
        >
          {newReply ? 'Showing new replies only: show all' : `New reply (${count})`}
        </Link>
      )}
    </p>
  );
}
