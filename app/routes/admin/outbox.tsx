import { useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { integrationKindLabels } from '../../../common/integration-domain';
import type { OutboxEmail } from '../../../common/inbox-api/outbox-endpoints';
import { ApiFailure, callApi } from '../../components/admin/api';
import { buttonClass } from '../../components/admin/buttons';
import { setFlash, takeFlash } from '../../components/admin/flash';
import { useFocusRescue } from '../../components/admin/focus';
import { countOf, formatWhen } from '../../components/admin/format';
import { Icon } from '../../components/admin/icons';
import { EmptyList } from '../../components/admin/list-page';
import { useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { PageHeader } from '../../components/admin/page-header';
import { SubmitButton } from '../../components/admin/submit-button';
import { ViewTabs } from '../../components/admin/view-tabs';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/outbox';

export const meta = () => adminMeta(adminPages.outbox);

type OutboxView = OutboxEmail['status'];
const views: readonly OutboxView[] = ['dead', 'pending'];
const viewLabels: Record<OutboxView, string> = { dead: 'Not delivered', pending: 'Waiting to be sent' };

/** What an email is, by the kind the server gives it; an unknown kind is shown as it is. */
const kindLabels: Record<string, string> = {
  notification: 'Lead notification',
  acknowledgement: 'Acknowledgement to a visitor',
  'lead-reply': 'Reply to a lead',
  confirmation: 'Newsletter confirmation',
  campaign: 'Newsletter campaign',
  'conversation-answer': 'Client’s answer, to staff',
  'lead-for-you': 'Lead given to a colleague',
  'lead-new-for-staff': 'New lead, to staff',
  'lead-escalation': 'Lead waiting for an answer',
  'lead-follow-up': 'Follow-up reminder',
  'staff-digest': 'Daily digest',
};

/** A delivery to Slack, Teams or a webhook, or an email; each by the name staff know it by. */
function itemLabel(item: OutboxEmail): string {
  if (item.integrationKind) return `${integrationKindLabels[item.integrationKind]} delivery`;
  return kindLabels[item.kind] ?? item.kind;
}

/** What the list calls one item: "the email to a@b.example", "the delivery to Slack integration #3". */
function itemNoun(item: OutboxEmail): string {
  return `the ${item.integrationKind ? 'delivery' : 'email'} to ${item.recipient}`;
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const outboxHref = (view: OutboxView) => `${inboxPaths.outbox}?status=${view}`;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const requested = new URL(request.url).searchParams.get('status');
  const view = views.find((each) => each === requested) ?? 'dead';
  const list = await callApi(inboxApi.outbox.list, { query: { status: view }, from: request });
  return { list, view, notice: takeFlash() };
}

const INTENT = { retry: 'retry', retryDead: 'retry-dead' } as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  try {
    if (form.get('intent') === INTENT.retryDead) {
      const { retried } = await callApi(inboxApi.outbox.retryDead, { from: request });
      setFlash(
        retried === 0
          ? 'There was nothing left to retry.'
          : `${countOf(retried, 'email')} will be sent again in a moment. They are under Waiting to be sent.`,
      );
      return { ok: true };
    }
    const id = Number(form.get('id'));
    await callApi(inboxApi.outbox.retry, { params: { id }, from: request });
    setFlash(`${capitalised(String(form.get('noun')))} will be sent again in a moment.`);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiFailure) return { error: error.message };
    throw error;
  }
}

function RetryButton({ email }: { email: OutboxEmail }) {
  const fetcher = useFetcher<typeof clientAction>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={INTENT.retry} />
      <input type="hidden" name="id" value={email.id} />
      <input type="hidden" name="noun" value={itemNoun(email)} />
      <SubmitButton
        pending={pending}
        pendingLabel="Retrying…"
        className={buttonClass.small}
        aria-label={`Retry ${itemNoun(email)}`}
      >
        <Icon name="retry" />
        Retry
      </SubmitButton>
      {fetcher.data?.error && !pending && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {fetcher.data.error}
        </p>
      )}
    </fetcher.Form>
  );
}

function EmailRow({ email, timeZone }: { email: OutboxEmail; timeZone: string }) {
  const row = useRef<HTMLLIElement>(null);
  useFocusRescue(row);
  return (
    <li ref={row} className="rounded-xl border border-slate-200 bg-white p-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-ink">{itemLabel(email)}</h2>
          <p className="text-sm break-all text-slate-600">to {email.recipient}</p>
        </div>
        <RetryButton email={email} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-slate-600">Queued</dt>
        <dd className="text-ink">
          <time dateTime={email.createdAt}>{formatWhen(email.createdAt, timeZone)}</time>
        </dd>
        <dt className="text-slate-600">Attempts</dt>
        <dd className="text-ink">{email.attempts}</dd>
        <dt className="text-slate-600">{email.status === 'dead' ? 'Given up' : 'Next try'}</dt>
        <dd className="text-ink">
          <time dateTime={email.nextAttemptAt}>{formatWhen(email.nextAttemptAt, timeZone)}</time>
        </dd>
        {email.lastError && (
          <>
            <dt className="text-slate-600">Last error</dt>
            <dd>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-800">
                {email.lastError}
              </code>
            </dd>
          </>
        )}
        {email.leadId !== null && (
          <>
            <dt className="text-slate-600">About</dt>
            <dd>
              <Link to={inboxPaths.lead(email.leadId)} className={buttonClass.link}>
                Lead #{email.leadId}
              </Link>
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

function RetryAllDead({ count }: { count: number }) {
  const fetcher = useFetcher<typeof clientAction>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={INTENT.retryDead} />
      <SubmitButton pending={pending} pendingLabel="Retrying…" className={buttonClass.primary}>
        <Icon name="retry" />
        Retry all dead ({count})
      </SubmitButton>
      {fetcher.data?.error && !pending && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {fetcher.data.error}
        </p>
      )}
    </fetcher.Form>
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { list, view, notice } = loaderData;
  const timeZone = useTimeZone();
  const tabs = views.map((each) => ({ view: each, label: viewLabels[each], count: list.counts[each] }));
  return (
    <div className="container-page">
      <PageHeader
        title="Outbox"
        lead="Emails and integration deliveries (Slack, Teams, webhooks) the server has not delivered yet, and those it gave up on."
        actions={list.counts.dead > 0 ? <RetryAllDead count={list.counts.dead} /> : undefined}
      />
      <div className="mt-4">
        <Notice tone="success">{notice}</Notice>
      </div>
      <ViewTabs label="Outbox views" tabs={tabs} current={view} hrefOf={outboxHref} />
      {list.emails.length === 0 ? (
        <EmptyList title={view === 'dead' ? 'Everything was delivered' : 'Nothing is waiting to be sent'}>
          {view === 'dead'
            ? 'Emails and integration deliveries the server gives up on (after many failed tries, or a permanent refusal) appear here to be retried.'
            : 'Emails and integration deliveries that failed for a moment wait here for their next try.'}
        </EmptyList>
      ) : (
        <ul aria-label="Emails and deliveries" className="mt-5 space-y-3">
          {list.emails.map((email) => (
            <EmailRow key={email.id} email={email} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
