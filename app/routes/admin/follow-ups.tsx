import { Link } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { followUpLabel } from '../../../common/follow-up-dates';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import type { FollowUpGroup } from '../../../common/inbox-api/follow-up-endpoints';
import { callApi } from '../../components/admin/api';
import { StatusBadge } from '../../components/admin/badges';
import { buttonClass } from '../../components/admin/buttons';
import { adminMeta } from '../../components/admin/meta';
import { PageHeader } from '../../components/admin/page-header';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/follow-ups';

export const meta = () => adminMeta(adminPages.followUps);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const mine = new URL(request.url).searchParams.get('mine') === '1';
  const list = await callApi(inboxApi.followUps.list, {
    query: mine ? { mine: '1' as const } : {},
    from: request,
  });
  return { ...list, mine };
}

const GROUPS = [
  { key: 'overdue', title: 'Overdue', empty: 'Nothing overdue.' },
  { key: 'due', title: 'Today', empty: 'Nothing to follow up on today.' },
  { key: 'upcoming', title: 'Upcoming', empty: 'Nothing coming up.' },
] as const;

/** Everyone's follow-ups, or only mine: two links, the current one marked. */
function Whose({ mine }: { mine: boolean }) {
  const choices = [
    { label: 'Everyone', to: inboxPaths.followUps, current: !mine },
    { label: 'Mine', to: `${inboxPaths.followUps}?mine=1`, current: mine },
  ];
  return (
    <nav aria-label="Whose follow-ups" className="mt-5">
      <ul className="flex flex-wrap gap-1.5">
        {choices.map((choice) => (
          <li key={choice.label}>
            <Link
              to={choice.to}
              aria-current={choice.current ? 'page' : undefined}
              className={`inline-flex min-h-10 items-center rounded-full border px-3.5 text-sm font-medium ${
                choice.current
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:text-ink'
              }`}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Group({
  title,
  empty,
  group,
  today,
}: {
  title: string;
  empty: string;
  group: FollowUpGroup;
  today: string;
}) {
  const more = group.total - group.leads.length;
  return (
    <section aria-label={title} className="mt-8">
      <h2 className="text-lg font-semibold">
        {title}{' '}
        <span className="text-base font-normal text-slate-600">({group.total.toLocaleString('en-IN')})</span>
      </h2>
      {group.leads.length === 0 ? (
        <p className="mt-2 text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {group.leads.map((lead) => (
            <li key={lead.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-5">
              <Link to={inboxPaths.lead(lead.id)} className={`${buttonClass.link} min-w-0 break-words`}>
                {lead.name}
              </Link>
              <span className="text-sm text-slate-600">{lead.reference}</span>
              <StatusBadge status={lead.status} />
              <span className="text-sm text-slate-700">{lead.owner ?? 'Unassigned'}</span>
              <span className="text-sm text-slate-700 tabular-nums sm:ml-auto">
                {followUpLabel(lead.on, today)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          And {more.toLocaleString('en-IN')} more, not listed here.
        </p>
      )}
    </section>
  );
}

/**
 * The follow-ups of the leads: overdue, today and upcoming, each by date; everyone's or mine. Spam and
 * leads that are won or lost are left out.
 */
export default function FollowUps({ loaderData }: Route.ComponentProps) {
  const { mine, today } = loaderData;
  return (
    <div className="container-page">
      <PageHeader
        title="Follow-ups"
        lead="The leads someone means to get back to, by day. Spam and leads that are won or lost are left out."
      />
      <Whose mine={mine} />
      {GROUPS.map(({ key, title, empty }) => (
        <Group
          key={key}
          title={title}
          empty={mine ? `${empty.slice(0, -1)} for you.` : empty}
          group={loaderData[key]}
          today={today}
        />
      ))}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
