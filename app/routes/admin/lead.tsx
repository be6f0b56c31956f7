import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, redirect, useFetcher, useLocation } from 'react-router';
import {
  adminPaths,
  type Delivery,
  LEAD_STATUSES,
  type LeadDetail,
  type LeadStatus,
  leadStatusLabels,
  type NewNote,
  NOTE_MAX_LENGTH,
  type SpamChange,
  type StatusChange,
  type TimelineEntry,
} from '../../../common/admin-api';
import { company } from '../../../common/company';
import { quoteFields, quoteFormFields } from '../../../common/quote-request';
import { ApiFailure, callApi } from '../../components/admin/api';
import { DeliveryBadge, SpamBadge, StatusBadge } from '../../components/admin/badges';
import { buttonClass } from '../../components/admin/buttons';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { setFlash } from '../../components/admin/flash';
import { countOf, formatWhen } from '../../components/admin/format';
import { Icon } from '../../components/admin/icons';
import { useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { PageHeader } from '../../components/admin/page-header';
import { SubmitButton } from '../../components/admin/submit-button';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/lead';

export const meta = (args?: Route.MetaArgs) => adminMeta(adminPages.lead, args?.loaderData?.name);

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return callApi<LeadDetail>(`/leads/${encodeURIComponent(params.id)}`, { from: request });
}

const INTENT = {
  status: 'status',
  note: 'note',
  spam: 'spam',
  retry: 'retry',
  delete: 'delete',
} as const;

type ActionResult = { done: string; error?: undefined } | { error: string; done?: undefined };

function isStatus(value: unknown): value is LeadStatus {
  return LEAD_STATUSES.some((status) => status === value);
}

export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const intent = form.get('intent');
  const path = `/leads/${encodeURIComponent(params.id)}` as const;
  const post = (to: `/${string}`, body: unknown) =>
    callApi<unknown>(to, { method: 'POST', body, from: request });
  try {
    if (intent === INTENT.status) {
      const status = form.get('status');
      if (!isStatus(status)) return { error: 'Choose a status.' };
      await post(`${path}/status`, { status } satisfies StatusChange);
      return { done: `Status changed to ${leadStatusLabels[status]}.` };
    }
    if (intent === INTENT.note) {
      const text = String(form.get('text') ?? '').trim();
      if (!text) return { error: 'Write the note first.' };
      await post(`${path}/notes`, { text } satisfies NewNote);
      return { done: 'Note added.' };
    }
    if (intent === INTENT.spam) {
      const spam = form.get('spam') === 'true';
      await post(`${path}/spam`, { spam } satisfies SpamChange);
      return { done: spam ? 'Marked as spam.' : 'Moved back to the inbox: not spam.' };
    }
    if (intent === INTENT.retry) {
      await post(`${path}/retry`, {});
      return { done: 'The notification will be sent again in a moment.' };
    }
    if (intent === INTENT.delete) {
      await callApi(path, { method: 'DELETE', from: request });
      setFlash(
        `The lead from ${String(form.get('name') ?? 'this person')} was deleted, with its emails and files.`,
      );
      return redirect(adminPaths.inbox);
    }
  } catch (error) {
    if (error instanceof ApiFailure) return { error: Object.values(error.fields ?? {})[0] ?? error.message };
    throw error;
  }
  return { error: 'This page asked for something it cannot do. Reload it and try again.' };
}

/** The notification's card stands out when it needs someone: red when it failed, amber when nobody was told yet. */
const deliveryBorder: Record<Delivery['state'], string> = {
  dead: 'border-red-300 ring-2 ring-red-100',
  pending: 'border-amber-300',
  written: 'border-amber-300',
  sent: 'border-slate-200',
  none: 'border-slate-200',
};

function Card({
  title,
  children,
  className = '',
  border = 'border-slate-200',
}: {
  title: string;
  children: ReactNode;
  className?: string;
  border?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-xl border bg-white p-5 sm:p-6 ${border} ${className}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatWhen(iso, useTimeZone())}</time>;
}

function StatusForm({ lead }: { lead: LeadDetail }) {
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={INTENT.status} />
      <div>
        {/* The card's heading says "Status" above it. */}
        <label htmlFor="lead-status" className="sr-only">
          Status
        </label>
        <select
          key={lead.status}
          id="lead-status"
          name="status"
          defaultValue={lead.status}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-ink focus:border-brand-600"
        >
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {leadStatusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton pending={pending} pendingLabel="Saving…" className={`${buttonClass.secondary} w-full`}>
        Save status
      </SubmitButton>
      <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
        {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
      </Notice>
    </fetcher.Form>
  );
}

function DeliveryText({ delivery, spam }: { delivery: Delivery; spam: boolean }) {
  switch (delivery.state) {
    case 'sent':
      return (
        <p>
          Emailed to the company inbox on <When iso={delivery.at} />.
        </p>
      );
    case 'written':
      return (
        <p>
          Written to a file on <When iso={delivery.at} />. No mail server is set up, so nobody was emailed:
          this page is the only place the lead shows.
        </p>
      );
    case 'pending':
      return (
        <>
          <p>
            Not sent yet. Next try on <When iso={delivery.nextAttemptAt} />
            {delivery.attempts > 0 ? `, after ${countOf(delivery.attempts, 'failed attempt')}` : ''}.
          </p>
          {delivery.lastError && <ErrorLine text={delivery.lastError} />}
        </>
      );
    case 'dead':
      return (
        <>
          <p>
            Could not be delivered: the server gave up on <When iso={delivery.at} />.
          </p>
          {delivery.lastError && <ErrorLine text={delivery.lastError} />}
        </>
      );
    case 'none':
      return (
        <p>{spam ? 'No notification: spam is never emailed.' : 'No notification was sent for this lead.'}</p>
      );
  }
}

function ErrorLine({ text }: { text: string }) {
  return (
    <p className="mt-2 text-sm">
      Last error:{' '}
      <code className="rounded bg-slate-100 px-1.5 py-0.5 break-words text-slate-800">{text}</code>
    </p>
  );
}

function RetryForm() {
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="mt-4 space-y-3">
      <input type="hidden" name="intent" value={INTENT.retry} />
      <SubmitButton pending={pending} pendingLabel="Retrying…" className={buttonClass.primary}>
        <Icon name="retry" />
        Retry
      </SubmitButton>
      <Notice tone="error">{pending ? undefined : fetcher.data?.error}</Notice>
    </fetcher.Form>
  );
}

function NoteForm() {
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== 'idle';
  const hintId = useId();
  const form = useRef<HTMLFormElement>(null);
  // An empty box once the note is added; the text stays if adding it failed.
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.done) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={form} method="post" className="space-y-3">
      <input type="hidden" name="intent" value={INTENT.note} />
      <div>
        <label htmlFor="lead-note" className="block font-medium text-ink">
          Note
        </label>
        <textarea
          id="lead-note"
          name="text"
          rows={3}
          required
          maxLength={NOTE_MAX_LENGTH}
          aria-describedby={hintId}
          className="mt-1.5 w-full rounded-lg border border-slate-300 px-3 py-2 text-ink focus:border-brand-600"
        />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          Only staff see notes: a call, a promise, what to do next.
        </p>
      </div>
      <SubmitButton pending={pending} pendingLabel="Adding…" className={buttonClass.secondary}>
        Add note
      </SubmitButton>
      <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
        {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
      </Notice>
    </fetcher.Form>
  );
}

function describe(entry: TimelineEntry): ReactNode {
  switch (entry.kind) {
    case 'status':
      return (
        <>
          Changed the status
          {entry.from && ` from ${leadStatusLabels[entry.from]}`}
          {entry.to && ` to ${leadStatusLabels[entry.to]}`}
        </>
      );
    case 'note':
      return 'Added a note';
    case 'spam':
      return entry.by ? 'Marked it as spam' : 'Caught it as spam (the form’s trap field was filled in)';
    case 'not-spam':
      return 'Marked it as not spam';
    case 'retry':
      return 'Sent the notification again';
    case 'delivery':
      return entry.text ?? 'The notification changed state';
  }
}

function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  if (entries.length === 0)
    return <p className="text-slate-600">Nothing yet: status changes and notes appear here.</p>;
  const newestFirst = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <ol className="space-y-4 border-l-2 border-slate-200 pl-4">
      {newestFirst.map((entry) => (
        <li key={entry.id}>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-ink">{entry.by ?? 'The website'}</span> ·{' '}
            <When iso={entry.at} />
          </p>
          <p className="mt-0.5 text-slate-800">{describe(entry)}</p>
          {entry.kind === 'note' && entry.text && (
            <p className="mt-1.5 rounded-lg bg-slate-50 px-3 py-2 whitespace-pre-wrap text-slate-800">
              {entry.text}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

function SpamButton({ spam }: { spam: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={INTENT.spam} />
      <input type="hidden" name="spam" value={String(!spam)} />
      <SubmitButton
        pending={pending}
        pendingLabel={spam ? 'Moving…' : 'Marking…'}
        className={buttonClass.secondary}
      >
        {spam ? 'Not spam' : 'Mark as spam'}
      </SubmitButton>
      <span className="sr-only" role="status">
        {pending ? '' : (fetcher.data?.done ?? '')}
      </span>
      {fetcher.data?.error && !pending && (
        <span role="alert" className="mt-2 block text-sm text-red-800">
          {fetcher.data.error}
        </span>
      )}
    </fetcher.Form>
  );
}

export default function LeadPage({ loaderData: lead }: Route.ComponentProps) {
  const location = useLocation();
  const deleter = useFetcher<ActionResult>();
  const fromInbox = (location.state as { inbox?: string } | null)?.inbox ?? '';
  const mailto = `mailto:${lead.email}?subject=${encodeURIComponent(`Your quote request to ${company.name}`)}`;

  return (
    <div className="container-page">
      <PageHeader
        before={
          <Link
            to={`${adminPaths.inbox}${fromInbox}`}
            className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-900"
          >
            <Icon name="back" />
            Back to the inbox
          </Link>
        }
        title={lead.name}
        lead={
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <StatusBadge status={lead.status} />
            {lead.spam && <SpamBadge />}
            <DeliveryBadge delivery={lead.delivery} />
            <span className="text-sm">
              Lead #{lead.id} ({lead.reference} in emails), received <When iso={lead.createdAt} />
            </span>
          </div>
        }
        actions={
          <>
            <a href={mailto} className={buttonClass.primary}>
              <Icon name="mail" />
              Reply by email
            </a>
            <SpamButton spam={lead.spam} />
            <ConfirmDialog
              triggerLabel={
                <>
                  <Icon name="trash" />
                  Delete
                </>
              }
              triggerClassName={buttonClass.dangerOutline}
              title="Delete this lead for good?"
              confirmLabel="Delete for good"
              pendingLabel="Deleting…"
              fetcher={deleter}
              fields={{ intent: INTENT.delete, name: lead.name }}
            >
              <p>
                This removes the lead from <strong className="text-ink">{lead.name}</strong>, its emails and
                their files for good. It cannot be undone.
              </p>
              <p className="text-sm text-slate-600">Use it when someone asks for their data to be erased.</p>
            </ConfirmDialog>
          </>
        }
      />

      {/* One column on a phone, in the order of the work: the request, its status, its notification, notes.
          On a wide screen the status and notification stand beside the request and the notes. */}
      <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card title="Request" className="lg:col-start-1 lg:row-start-1">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
            {quoteFields.map((name) => {
              const value = lead.fields[name]?.trim();
              return (
                <div key={name} className="contents">
                  <dt className="font-medium text-slate-600">{quoteFormFields[name].label}</dt>
                  <dd className="-mt-3 break-words whitespace-pre-wrap text-ink sm:mt-0">
                    {value ? value : <span className="text-slate-500 italic">Not given</span>}
                  </dd>
                </div>
              );
            })}
            <dt className="font-medium text-slate-600">Sent from</dt>
            <dd className="-mt-3 text-ink sm:mt-0">
              {lead.sourcePage === 'unknown' ? (
                <span className="text-slate-500 italic">An unknown page</span>
              ) : (
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{lead.sourcePage}</code>
              )}
            </dd>
            <dt className="font-medium text-slate-600">Received</dt>
            <dd className="-mt-3 text-ink sm:mt-0">
              <When iso={lead.createdAt} />
            </dd>
          </dl>
        </Card>
        <div className="space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <Card title="Status">
            <StatusForm lead={lead} />
          </Card>
          <Card title="Notification" border={deliveryBorder[lead.delivery.state]}>
            <div className="text-slate-700">
              <DeliveryText delivery={lead.delivery} spam={lead.spam} />
            </div>
            {lead.delivery.state === 'dead' && <RetryForm />}
          </Card>
        </div>
        <Card title="Notes and history" className="lg:col-start-1 lg:row-start-2">
          <NoteForm />
          <div className="mt-6">
            <Timeline entries={lead.timeline} />
          </div>
        </Card>
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
