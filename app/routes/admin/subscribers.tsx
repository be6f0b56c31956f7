import { useRef } from 'react';
import { useFetcher } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import type { SubscriberSummary } from '../../../common/inbox-api/subscriber-endpoints';
import { SUBSCRIBER_VIEWS, type SubscriberView } from '../../../common/subscriber-domain';
import { ApiFailure, callApi } from '../../components/admin/api';
import { addressOf, queryOf } from '../../components/admin/api-input';
import { buttonClass } from '../../components/admin/buttons';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { setFlash, takeFlash } from '../../components/admin/flash';
import { useFocusRescue } from '../../components/admin/focus';
import { formatWhen } from '../../components/admin/format';
import { Icon } from '../../components/admin/icons';
import { EmptyList, ListPageTop } from '../../components/admin/list-page';
import { LoadMore } from '../../components/admin/load-more';
import { useMe, useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { useLoadMore } from '../../components/admin/use-load-more';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/subscribers';

export const meta = () => adminMeta(adminPages.subscribers);

const viewLabels: Record<SubscriberView, string> = {
  all: 'All',
  pending: 'Not confirmed',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

const statusTones: Record<SubscriberSummary['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  unsubscribed: 'bg-slate-100 text-slate-700 ring-slate-200',
  bounced: 'bg-red-50 text-red-800 ring-red-200',
};

function viewOf(value: string | null): SubscriberView {
  return SUBSCRIBER_VIEWS.find((view) => view === value) ?? 'all';
}

function subscribersHref(view: SubscriberView, q: string): string {
  return `${inboxPaths.subscribers}${queryOf({ view: view === 'all' ? undefined : view, q })}`;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const view = viewOf(url.searchParams.get('view'));
  const q = url.searchParams.get('q')?.trim() ?? '';
  const cursor = url.searchParams.get('cursor');
  const list = await callApi(inboxApi.subscribers.list, { query: { view, q, cursor }, from: request });
  return { list, view, q, notice: cursor ? undefined : takeFlash() };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = Number(form.get('id'));
  try {
    await callApi(inboxApi.subscribers.remove, { params: { id }, from: request });
  } catch (error) {
    if (error instanceof ApiFailure) return { error: error.message };
    throw error;
  }
  setFlash(`${String(form.get('email'))} was removed from the newsletter list, with their emails and links.`);
  return { ok: true };
}

function SubscriberRow({ subscriber, timeZone }: { subscriber: SubscriberSummary; timeZone: string }) {
  const fetcher = useFetcher<typeof clientAction>();
  const row = useRef<HTMLLIElement>(null);
  const admin = useMe().role === 'admin';
  useFocusRescue(row);
  const when = (iso: string) => <time dateTime={iso}>{formatWhen(iso, timeZone)}</time>;
  return (
    <li
      ref={row}
      id={`subscriber-${subscriber.id}`}
      tabIndex={-1}
      className="rounded-xl border border-slate-200 bg-white p-4 outline-offset-2 sm:px-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold break-all text-ink">{subscriber.email}</h2>
          <p className="mt-1 text-sm text-slate-600">
            <span
              className={`mr-2 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusTones[subscriber.status]}`}
            >
              {viewLabels[subscriber.status]}
            </span>
            Signed up {when(subscriber.createdAt)} on{' '}
            <code className="text-slate-800">{subscriber.sourcePage}</code>
          </p>
          {subscriber.confirmedAt && (
            <p className="mt-1 text-sm text-slate-600">Confirmed {when(subscriber.confirmedAt)}</p>
          )}
          {subscriber.unsubscribedAt && (
            <p className="mt-1 text-sm text-slate-600">Unsubscribed {when(subscriber.unsubscribedAt)}</p>
          )}
        </div>
        {admin && (
          <ConfirmDialog
            triggerLabel={
              <>
                <Icon name="trash" />
                Remove
                <span className="sr-only"> {subscriber.email}</span>
              </>
            }
            triggerClassName={buttonClass.small}
            title={`Remove ${subscriber.email}?`}
            confirmLabel="Remove for good"
            pendingLabel="Removing…"
            fetcher={fetcher}
            fields={{ id: String(subscriber.id), email: subscriber.email }}
          >
            <p>
              This deletes the subscriber, their confirmation and unsubscribe links, and the emails sent to
              them with their files, for good.
            </p>
            <p className="text-sm text-slate-600">
              Someone who only wants no more emails is better left unsubscribed: their address then stays
              blocked.
            </p>
          </ConfirmDialog>
        )}
      </div>
    </li>
  );
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { list, view, q, notice } = loaderData;
  const timeZone = useTimeZone();
  const admin = useMe().role === 'admin';
  const more = useLoadMore(
    loaderData,
    (data) => ({ items: data.list.subscribers, nextCursor: data.list.nextCursor }),
    (subscriber) => `subscriber-${subscriber.id}`,
  );
  const tabs = SUBSCRIBER_VIEWS.map((each) => ({
    view: each,
    label: viewLabels[each],
    count: list.counts[each],
  }));
  const exportHref = addressOf(inboxApi.subscribers.exportCsv, { query: { view, q } });
  return (
    <div className="container-page">
      <ListPageTop
        title="Subscribers"
        lead="People who signed up for the newsletter on the website."
        exportHref={admin ? exportHref : undefined}
        notice={notice}
        view={view}
        q={q}
        search={{
          label: 'Search subscribers',
          placeholder: 'Email address',
          clearHref: subscribersHref(view, ''),
        }}
        views={{ label: 'Subscriber views', tabs, hrefOf: (each) => subscribersHref(each, q) }}
      />
      {more.items.length === 0 ? (
        <EmptyList
          title={
            q
              ? `No subscribers match “${q}”`
              : view === 'all'
                ? 'No subscribers yet'
                : `No subscribers are ${viewLabels[view].toLowerCase()}`
          }
        >
          {q
            ? 'The search looks at email addresses.'
            : 'Sign-ups from the newsletter form in the site’s footer appear here.'}
        </EmptyList>
      ) : (
        <ul aria-label="Subscribers" className="mt-5 space-y-3">
          {more.items.map((subscriber) => (
            <SubscriberRow key={subscriber.id} subscriber={subscriber} timeZone={timeZone} />
          ))}
        </ul>
      )}
      <LoadMore more={more} noun="subscriber" />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
