import { useFetcher } from 'react-router';
import type {
  Campaign,
  CampaignFailure,
  CampaignProgress as ProgressFigures,
} from '../../../../common/inbox-api/campaign-endpoints';
import { buttonClass } from '../buttons';
import { ConfirmDialog } from '../confirm-dialog';
import { countOf, formatWhen } from '../format';
import { Card } from '../lead/card';
import { SubmitButton } from '../submit-button';
import { CAMPAIGN_INTENT, type CampaignActionResult } from './campaign-intents';
import { durationOf } from './campaign-status';

const number = (value: number) => value.toLocaleString('en-IN');

/** A button that posts one intent to the campaign's action, and says why it failed if it did. */
function IntentButton({
  intent,
  label,
  pendingLabel,
  className = buttonClass.secondary,
}: {
  intent: string;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  const fetcher = useFetcher<CampaignActionResult>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton pending={pending} pendingLabel={pendingLabel} className={className}>
        {label}
      </SubmitButton>
      {fetcher.data?.error && !pending && (
        <p role="alert" className="mt-2 max-w-xs text-sm text-red-800">
          {fetcher.data.error}
        </p>
      )}
    </fetcher.Form>
  );
}

/** Pause or resume, and cancel (after a confirmation): what a running campaign can do. */
export function CampaignActions({ campaign }: { campaign: Campaign }) {
  const canceller = useFetcher<CampaignActionResult>();
  const { status } = campaign;
  if (status !== 'sending' && status !== 'paused') return null;
  const waiting = campaign.progress.waiting;
  return (
    <>
      {status === 'sending' ? (
        <IntentButton intent={CAMPAIGN_INTENT.pause} label="Pause" pendingLabel="Pausing…" />
      ) : (
        <IntentButton
          intent={CAMPAIGN_INTENT.resume}
          label="Resume"
          pendingLabel="Resuming…"
          className={buttonClass.primary}
        />
      )}
      <ConfirmDialog
        triggerLabel="Cancel sending"
        triggerClassName={buttonClass.dangerOutline}
        title="Cancel this campaign for good?"
        confirmLabel="Cancel the campaign"
        pendingLabel="Cancelling…"
        fetcher={canceller}
        fields={{ intent: CAMPAIGN_INTENT.cancel }}
      >
        <p>
          {waiting === 0
            ? 'Nothing is waiting to be sent.'
            : waiting === 1
              ? 'The 1 subscriber who has not got it yet never will.'
              : `The ${countOf(waiting, 'subscriber')} who have not got it yet never will.`}{' '}
          What was sent stays sent. It cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** Each figure in words: while sending, what waits and for how long; after, who unsubscribed since. */
function figuresOf(progress: ProgressFigures, done: boolean): [string, string][] {
  const figures: [string, string][] = [
    ['Sent', number(progress.sent)],
    ['Failed', number(progress.failed)],
    ['Bounced', number(progress.bounced)],
  ];
  if (done) figures.push(['Unsubscribed since', number(progress.unsubscribedSince)]);
  else {
    figures.push(['Waiting', number(progress.waiting)]);
    figures.push([
      'Time left',
      progress.secondsLeft === null
        ? progress.waiting === 0
          ? 'None'
          : 'Unknown (no throttle)'
        : `${durationOf(progress.secondsLeft)} at ${number(progress.ratePerMinute)} a minute`,
    ]);
  }
  return figures;
}

/** Sent of the total, as a bar and in words; then each figure. */
export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const { progress, status } = campaign;
  const done = status === 'sent' || status === 'cancelled';
  const percent = progress.recipients === 0 ? 0 : Math.round((progress.sent / progress.recipients) * 100);
  const figures = figuresOf(progress, done);
  return (
    <Card title={done ? 'Result' : 'Progress'}>
      <p className="text-2xl font-bold text-ink tabular-nums">
        {number(progress.sent)} of {countOf(progress.recipients, 'recipient')} sent
      </p>
      <div
        role="progressbar"
        aria-label="Sent"
        aria-valuemin={0}
        aria-valuemax={Math.max(progress.recipients, 1)}
        aria-valuenow={progress.sent}
        aria-valuetext={`${number(progress.sent)} of ${number(progress.recipients)} sent`}
        className="mt-3 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 font-semibold text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {status === 'sending' && (
        <p className="mt-4 text-sm text-slate-600">
          This page updates itself every few seconds while sending.
        </p>
      )}
    </Card>
  );
}

/** Every recipient whose email failed, with the mail server's answer; "Retry failed" tries them again. */
export function CampaignFailures({
  failures,
  total,
  timeZone,
}: {
  failures: readonly CampaignFailure[];
  total: number;
  timeZone: string;
}) {
  const retryable = failures.some((failure) => !failure.bounced);
  return (
    <Card title={`Failed (${number(total)})`}>
      {failures.length === 0 ? (
        <p className="text-slate-600">No email has failed.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600">
              Bounced addresses (a permanent refusal) get no campaign again; the others can be retried.
              {total > failures.length && ` The latest ${number(failures.length)} are shown.`}
            </p>
            {retryable && (
              <IntentButton
                intent={CAMPAIGN_INTENT.retryFailed}
                label="Retry failed"
                pendingLabel="Retrying…"
              />
            )}
          </div>
          <ul aria-label="Failed recipients" className="mt-4 divide-y divide-slate-200">
            {failures.map((failure) => (
              <li key={failure.email} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-all text-ink">{failure.email}</span>
                  {failure.bounced ? (
                    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset">
                      Bounced
                    </span>
                  ) : failure.retrying ? (
                    <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200 ring-inset">
                      Retrying
                    </span>
                  ) : null}
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {countOf(failure.attempts, 'attempt')}, last{' '}
                  <time dateTime={failure.at}>{formatWhen(failure.at, timeZone)}</time>
                </p>
                <code className="mt-1 block rounded bg-slate-100 px-2 py-1 text-sm break-all text-slate-800">
                  {failure.error}
                </code>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
