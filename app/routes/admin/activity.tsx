import { Link } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import type { ActivityEntry } from '../../../common/inbox-api/activity-endpoints';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { callApi } from '../../components/admin/api';
import { buttonClass } from '../../components/admin/buttons';
import { formatWhen } from '../../components/admin/format';
import { EmptyList } from '../../components/admin/list-page';
import { LoadMore } from '../../components/admin/load-more';
import { useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { PageHeader } from '../../components/admin/page-header';
import { useLoadMore } from '../../components/admin/use-load-more';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/activity';

export const meta = () => adminMeta(adminPages.activity);

const actionLabels: Record<ActivityEntry['action'], string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in refused',
  'sign-out': 'Signed out',
  'sign-out-everywhere': 'Signed out everywhere',
  invitation: 'Invitation',
  'account-created': 'Account created',
  'account-revoked': 'Account revoked',
  'role-changed': 'Role changed',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'status-changed': 'Status changed',
  'note-added': 'Note added',
  'spam-changed': 'Spam changed',
  'email-retried': 'Email retried',
  'follow-up-changed': 'Follow-up changed',
  'owner-changed': 'Owner changed',
  'lead-deleted': 'Lead deleted',
  'subscriber-deleted': 'Subscriber deleted',
  export: 'Export',
  'campaign-created': 'Campaign created',
  'campaign-test-sent': 'Test email sent',
  'campaign-send-started': 'Campaign sending',
  'campaign-scheduled': 'Campaign scheduled',
  'campaign-unscheduled': 'Campaign unscheduled',
  'campaign-paused': 'Campaign paused',
  'campaign-resumed': 'Campaign resumed',
  'campaign-cancelled': 'Campaign cancelled',
  'campaign-failed-retried': 'Failed emails retried',
  'integration-added': 'Integration added',
  'integration-changed': 'Integration changed',
  'integration-tested': 'Test event sent',
  'integration-secret-rotated': 'Secret rotated',
  'integration-removed': 'Integration removed',
  'integration-disabled': 'Integration disabled',
  'auto-reply-changed': 'Auto-reply changed',
  'assignment-changed': 'Lead assignment changed',
  'preferences-changed': 'Own settings changed',
  'reply-sent': 'Reply sent',
  'virus-refused': 'Virus refused',
  'website-saved': 'Website draft saved',
  'website-published': 'Website published',
  'website-rolled-back': 'Website rolled back',
};

/** Sign-ins refused and deletions stand out in the log. */
const notable = new Set<ActivityEntry['action']>([
  'sign-in-failed',
  'lead-deleted',
  'subscriber-deleted',
  'account-revoked',
  'virus-refused',
]);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return callApi(inboxApi.activity.list, { query: { cursor }, from: request });
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const more = useLoadMore(
    loaderData,
    (data) => ({ items: data.entries, nextCursor: data.nextCursor }),
    (entry) => `activity-${entry.id}`,
  );
  return (
    <div className="container-page">
      <PageHeader title="Activity" lead="Who did what in the inbox, newest first." />
      {more.items.length === 0 ? (
        <EmptyList title="Nothing has happened yet">
          Sign-ins, changes to leads and exports are listed here.
        </EmptyList>
      ) : (
        <ol
          aria-label="Activity"
          className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          {more.items.map((entry) => (
            <li
              key={entry.id}
              id={`activity-${entry.id}`}
              tabIndex={-1}
              className="grid gap-x-6 gap-y-1 px-4 py-3 -outline-offset-2 sm:grid-cols-[11rem_10rem_minmax(0,1fr)] sm:px-5"
            >
              <time dateTime={entry.at} className="text-sm text-slate-600 tabular-nums">
                {formatWhen(entry.at, timeZone)}
              </time>
              <span
                className={`text-sm font-semibold ${notable.has(entry.action) ? 'text-red-800' : 'text-ink'}`}
              >
                {actionLabels[entry.action] ?? entry.action}
              </span>
              <span className="min-w-0 text-sm break-words text-slate-700">
                {entry.summary.toLowerCase() !== actionLabels[entry.action]?.toLowerCase() && entry.summary}
                {entry.leadId !== null && entry.action !== 'lead-deleted' && (
                  <>
                    {' '}
                    <Link
                      to={inboxPaths.lead(entry.leadId)}
                      className={`${buttonClass.link} whitespace-nowrap`}
                    >
                      Open lead #{entry.leadId}
                    </Link>
                  </>
                )}
                <span className="block text-slate-600">{entry.by ?? 'Nobody signed in'}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
      <LoadMore more={more} noun="entry" plural="entries" />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
