import { Link, useLocation } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import type { LeadSummary } from '../../../common/inbox-api/lead-schemas';
import { type IntegrationKind, integrationKindLabels } from '../../../common/integration-domain';
import { LEAD_VIEWS, type LeadView, leadStatusLabels } from '../../../common/lead-domain';
import { callApi } from '../../components/admin/api';
import { addressOf } from '../../components/admin/api-input';
import { FilterLinks, type Filters, filterQuery, inboxHref } from '../../components/admin/inbox-filters';
import { DeliveryBadge, NewReplyBadge, SpamBadge, StatusBadge } from '../../components/admin/badges';
import { takeFlash } from '../../components/admin/flash';
import { countOf, formatWhen } from '../../components/admin/format';
import { Icon } from '../../components/admin/icons';
import { EmptyList, ListPageTop } from '../../components/admin/list-page';
import { LoadMore } from '../../components/admin/load-more';
import { useMe, useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { useLoadMore } from '../../components/admin/use-load-more';
import { adminPages } from '../../content/admin-pages';
import { disabledIntegrationText } from '../../content/admin-settings';
import type { Route } from './+types/inbox';

export const meta = () => adminMeta(adminPages.inbox);

const viewLabels: Record<LeadView, string> = { all: 'All', ...leadStatusLabels, spam: 'Spam' };

function viewOf(value: string | null): LeadView {
  return LEAD_VIEWS.find((view) => view === value) ?? 'all';
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const view = viewOf(url.searchParams.get('view'));
  const q = url.searchParams.get('q')?.trim() ?? '';
  const cursor = url.searchParams.get('cursor');
  const newReply = url.searchParams.get('newReply') === '1';
  const mine = url.searchParams.get('mine') === '1';
  const list = await callApi(inboxApi.leads.list, {
    query: { view, q, cursor, ...filterQuery({ newReply, mine }) },
    from: request,
  });
  // A "Load more" call (with a cursor) is not the page itself: a message for the page stays for it.
  return { list, view, q, newReply, mine, notice: cursor ? undefined : takeFlash() };
}

function DeadBanner({ count }: { count: number }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="alert" className="size-5 text-amber-700" />
        {countOf(count, 'notification')} could not be delivered
      </p>
      <Link
        to={`${inboxPaths.outbox}?status=dead`}
        className="font-semibold text-amber-950 underline underline-offset-2 hover:text-ink"
      >
        Open the outbox to retry
      </Link>
    </div>
  );
}

interface DisabledIntegration {
  id: number;
  kind: IntegrationKind;
  reason: string;
}

/** An integration the server turned off (a 410 Gone, days of failures): staff are told, as for dead emails. */
function DisabledIntegrationBanner({ integration }: { integration: DisabledIntegration }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="flex items-start gap-2 font-semibold">
        <Icon name="alert" className="mt-0.5 size-5 text-amber-700" />
        {disabledIntegrationText(integrationKindLabels[integration.kind], integration.reason)}
      </p>
      <Link
        to={inboxPaths.settings}
        className="font-semibold text-amber-950 underline underline-offset-2 hover:text-ink"
      >
        Check it in Settings
      </Link>
    </div>
  );
}

function LeadRow({ lead, timeZone, from }: { lead: LeadSummary; timeZone: string; from: string }) {
  return (
    <li className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-xs hover:border-brand-300 sm:px-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="min-w-0 text-base font-semibold break-words">
          <Link
            id={`lead-${lead.id}`}
            to={inboxPaths.lead(lead.id)}
            state={{ inbox: from }}
            className="text-ink after:absolute after:inset-0 after:rounded-xl hover:text-brand-800 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
          >
            {lead.name}
          </Link>
        </h2>
        <time dateTime={lead.createdAt} className="shrink-0 text-sm text-slate-600 tabular-nums">
          {formatWhen(lead.createdAt, timeZone)}
        </time>
      </div>
      <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm break-words text-slate-600">
        <span className="min-w-0">{lead.email}</span>
        {lead.phone && <span className="whitespace-nowrap">{lead.phone}</span>}
      </p>
      <p className="mt-2 line-clamp-2 text-sm text-slate-700 sm:line-clamp-1">{lead.excerpt}</p>
      <div className="mt-3 flex flex-wrap gap-1.5">
        <StatusBadge status={lead.status} />
        {lead.newReply && <NewReplyBadge />}
        {lead.spam && <SpamBadge />}
        <DeliveryBadge delivery={lead.delivery} />
        <span className="inline-flex items-center px-1 text-sm text-slate-600">
          {lead.owner ? `Owner: ${lead.owner.name}` : 'Unassigned'}
        </span>
      </div>
    </li>
  );
}

function EmptyState({
  view,
  q,
  total,
  filters,
}: {
  view: LeadView;
  q: string;
  total: number;
  filters: Filters;
}) {
  let title: string;
  let text: string;
  if (filters.mine && !filters.newReply) {
    title = 'No leads of yours here';
    text =
      'Leads you own show here: take one on its page (Owner), or ask an admin to give new leads in turn.';
  } else if (filters.newReply) {
    title = 'No new replies';
    text = 'Every answer from a client has been opened.';
  } else if (q) {
    title = `No leads match “${q}”`;
    text =
      view === 'all'
        ? 'Try other words: the search looks at names, email addresses, phone numbers and messages.'
        : `This searched the ${viewLabels[view]} view only; the search may find more in All.`;
  } else if (view === 'all' && total === 0) {
    title = 'No leads yet';
    text = 'When someone sends the quote form on the website, their request appears here.';
  } else if (view === 'spam') {
    title = 'No spam';
    text = 'Requests caught as spam, or marked as spam by you, are kept here.';
  } else {
    title = view === 'all' ? 'No leads here' : `No leads are ${viewLabels[view]}`;
    text = 'Leads move here when their status is changed on their page.';
  }
  return <EmptyList title={title}>{text}</EmptyList>;
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { list, view, q, newReply, mine, notice } = loaderData;
  const timeZone = useTimeZone();
  const admin = useMe().role === 'admin';
  const { search } = useLocation();
  // Replies are not parsed by the page, so the contract's default ([]) is not applied: a server that
  // answers without the field (one from before integrations) shows no banner rather than breaking.
  const maybeDisabled: readonly DisabledIntegration[] | undefined = list.disabledIntegrations;
  const disabledIntegrations = maybeDisabled ?? [];
  const more = useLoadMore(
    loaderData,
    (data) => ({ items: data.list.leads, nextCursor: data.list.nextCursor }),
    (lead) => `lead-${lead.id}`,
  );
  const exportHref = addressOf(inboxApi.leads.exportCsv, {
    query: { view, q, ...filterQuery({ newReply, mine }) },
  });
  const tabs = LEAD_VIEWS.map((v) => ({
    view: v,
    label: viewLabels[v],
    count: list.counts[v],
    apart: v === 'spam',
  }));

  return (
    <div className="container-page">
      {list.deadNotifications > 0 && <DeadBanner count={list.deadNotifications} />}
      {disabledIntegrations.map((integration) => (
        <DisabledIntegrationBanner key={integration.id} integration={integration} />
      ))}
      <ListPageTop
        title="Inbox"
        lead="Quote requests from the website, newest first."
        exportHref={admin ? exportHref : undefined}
        notice={notice}
        view={view}
        q={q}
        search={{ label: 'Search leads', placeholder: 'Name, email, phone…', clearHref: inboxHref(view, '') }}
        views={{ label: 'Lead views', tabs, hrefOf: (v) => inboxHref(v, q, { newReply, mine }) }}
      />
      <FilterLinks view={view} q={q} filters={{ newReply, mine }} count={list.newReplies} />
      {more.items.length === 0 ? (
        <EmptyState view={view} q={q} total={list.counts.all} filters={{ newReply, mine }} />
      ) : (
        <ul aria-label="Leads" className="mt-5 space-y-3">
          {more.items.map((lead) => (
            <LeadRow key={lead.id} lead={lead} timeZone={timeZone} from={search} />
          ))}
        </ul>
      )}
      <LoadMore more={more} noun="lead" />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
